-- Issue 20: a signed receipt once the last copy of a job's files is deleted (docs/decisions/038).
-- One per job: the primary key makes a second sweeper's insert a no-op.
CREATE TABLE deletion_receipts (
  job_id uuid PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  receipt_id uuid NOT NULL UNIQUE,
  kid text NOT NULL,
  jws text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every public key receipts were signed with: a rotated key stays published, so old receipts verify.
CREATE TABLE receipt_keys (
  kid text PRIMARY KEY,
  x text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Receipts still owed are found among recently purged files, not by scanning every job.
CREATE INDEX job_files_purged_at ON job_files (purged_at) WHERE state = 'purged';

-- Times staff downloaded the original through a signed link (thumbnails and previews are not counted).
ALTER TABLE job_files ADD COLUMN downloads integer NOT NULL DEFAULT 0;
