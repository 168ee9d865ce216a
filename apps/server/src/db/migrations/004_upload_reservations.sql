-- Uploads in progress (docs/decisions/014): the bytes each may still store against its shop's quota,
-- and a lease in database time that the orphan reaper respects. `id` is the job id the upload will
-- get, so its blobs are shops/{shop_id}/jobs/{id}/...; the row is deleted in the job's own transaction.
CREATE TABLE upload_reservations (
  id uuid PRIMARY KEY,
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  client_key text NOT NULL,
  bytes bigint NOT NULL CHECK (bytes >= 0),
  expires_at timestamptz NOT NULL
);
CREATE INDEX upload_reservations_shop ON upload_reservations (shop_id, client_key);

-- The uploading address, keyed (HMAC), never readable: caps what one address keeps unprinted in a shop.
ALTER TABLE jobs ADD COLUMN client_key text;
CREATE INDEX jobs_shop_client_queued ON jobs (shop_id, client_key) WHERE status = 'queued';
