-- Rate-limit keys are now stored as HMACs (docs/decisions/016): rows keyed by a plain email or address are
-- never matched again, and they are exactly what a dump must not show.
DELETE FROM rate_limit_hits;
-- Expired rows are deleted in bounded batches, found by this index.
CREATE INDEX rate_limit_hits_reset_at ON rate_limit_hits (reset_at);
