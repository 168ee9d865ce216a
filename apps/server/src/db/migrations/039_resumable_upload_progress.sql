-- A tus upload counts against the quotas what it holds (`received`) and what it may take next (`held`:
-- a small allowance between PATCHes, the rest of the file while one runs), not the length it declared;
-- one that made no progress by `stalls_at` is gone (docs/decisions/053-tus-quota-counts-bytes-received.md).
ALTER TABLE resumable_uploads ADD COLUMN held bigint NOT NULL DEFAULT 0;
ALTER TABLE resumable_uploads ADD COLUMN stalls_at timestamptz;
UPDATE resumable_uploads SET held = size - received, stalls_at = expires_at;
ALTER TABLE resumable_uploads ALTER COLUMN stalls_at SET NOT NULL;
