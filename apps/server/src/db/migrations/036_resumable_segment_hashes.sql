-- The SHA-256 of each segment as the blob store computed it while storing it: a file sent in one
-- segment becomes a job's file without being read back to hash it (docs/decisions/041-resumable-uploads.md).
ALTER TABLE resumable_segments ADD COLUMN sha256 text;
