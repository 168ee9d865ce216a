-- Issue 21: files sent with tus (resumable uploads), one row a file, until a job takes them.
CREATE TABLE resumable_uploads (
  id text PRIMARY KEY,
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  size bigint NOT NULL,
  received bigint NOT NULL DEFAULT 0,
  filename text NOT NULL,
  -- HMAC of the sending address (docs/decisions/014), so its quota share counts what it is sending.
  client_key text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Set in the transaction that makes the job: an upload becomes one job's file, once.
  used_at timestamptz
);
CREATE INDEX resumable_uploads_expires ON resumable_uploads (expires_at) WHERE used_at IS NULL;
CREATE INDEX resumable_uploads_shop ON resumable_uploads (shop_id) WHERE used_at IS NULL;

-- Each PATCH's bytes, stored encrypted as a blob of their own; the file is their concatenation by offset.
CREATE TABLE resumable_segments (
  upload_id text NOT NULL REFERENCES resumable_uploads(id) ON DELETE CASCADE,
  start_at bigint NOT NULL,
  size bigint NOT NULL,
  blob_key text NOT NULL,
  PRIMARY KEY (upload_id, start_at)
);
