-- Issue 22: print agents paired with a shop, the printers they report, which printer takes which
-- files, and every file sent to a printer with the printer's own account of it.
CREATE TABLE print_devices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  name text NOT NULL,
  -- SHA-256 of the device token: the token itself is shown to the agent once and kept nowhere here.
  token_hash text NOT NULL UNIQUE,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz,
  revoked_at timestamptz,
  printers jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX print_devices_shop ON print_devices (shop_id) WHERE revoked_at IS NULL;

CREATE TABLE device_pairing_codes (
  code_hash text PRIMARY KEY,
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE shop_printer_choice (
  shop_id uuid PRIMARY KEY REFERENCES shops(id) ON DELETE CASCADE,
  bw_device_id uuid REFERENCES print_devices(id) ON DELETE SET NULL,
  bw_uri text,
  color_device_id uuid REFERENCES print_devices(id) ON DELETE SET NULL,
  color_uri text,
  mark_printed_on_complete boolean NOT NULL DEFAULT false
);

CREATE TABLE print_commands (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  device_id uuid NOT NULL REFERENCES print_devices(id) ON DELETE CASCADE,
  job_id uuid NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  file_id uuid NOT NULL REFERENCES job_files(id) ON DELETE CASCADE,
  printer_uri text NOT NULL,
  printer_name text NOT NULL,
  -- What the agent is told: copies, sides, colour, paper, and page ranges when the printer picks pages.
  options jsonb NOT NULL,
  state text NOT NULL DEFAULT 'queued',
  reasons jsonb NOT NULL DEFAULT '[]',
  message text,
  unsupported jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX print_commands_open ON print_commands (device_id, created_at) WHERE state NOT IN ('completed', 'aborted', 'canceled');
CREATE INDEX print_commands_file ON print_commands (file_id, created_at DESC);
-- One file is at one printer at a time: a second Send while the first is not final is refused by the database too.
CREATE UNIQUE INDEX print_commands_one_open_per_file ON print_commands (file_id) WHERE state NOT IN ('completed', 'aborted', 'canceled');
