-- Uploads refused at a shop, per reason (docs/decisions/027): one row per shop and reason, upserted on each
-- refusal, so a flood of refused uploads costs no new rows. `count` is the refusals since `window_start`,
-- a window restarted by the first refusal more than an hour after the last window began.
CREATE TABLE upload_refusals (
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  reason text NOT NULL,
  count integer NOT NULL,
  window_start timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (shop_id, reason)
);
