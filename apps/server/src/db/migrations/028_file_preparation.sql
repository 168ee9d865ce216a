-- Issue 18: every file is prepared after upload, off the request path: a document is converted to a PDF
-- (docs/decisions/032), and every file gets a first-page thumbnail and, for photos browsers cannot show,
-- a JPEG preview. `prepared_at` is set once that is done or given up, so a restart resumes the rest;
-- attempts are counted before each try, as page counts are (decision 013).
ALTER TABLE job_files ADD COLUMN conversion text NOT NULL DEFAULT 'none'
  CHECK (conversion IN ('none', 'converting', 'converted', 'failed', 'unavailable'));
ALTER TABLE job_files ADD COLUMN conversion_error text;
ALTER TABLE job_files ADD COLUMN prepared_at timestamptz;
ALTER TABLE job_files ADD COLUMN preparation_attempts integer NOT NULL DEFAULT 0;
-- Files stored before this migration keep what they had: no thumbnails are made for them.
UPDATE job_files SET prepared_at = created_at;
CREATE INDEX job_files_unprepared ON job_files (created_at) WHERE prepared_at IS NULL AND state = 'active';

-- What was made from a file: its converted PDF, thumbnail and preview. Each belongs to its file: it
-- counts toward the shop's quota, is served only while the file is not purged, and is deleted with it.
CREATE TABLE file_derivatives (
  file_id uuid NOT NULL REFERENCES job_files(id) ON DELETE CASCADE,
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('pdf', 'thumbnail', 'preview')),
  blob_key text NOT NULL UNIQUE,
  content_type text NOT NULL,
  size bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  purged_at timestamptz,
  PRIMARY KEY (file_id, role)
);
CREATE INDEX file_derivatives_shop ON file_derivatives (shop_id) WHERE purged_at IS NULL;

-- The customer's job token, hashed (SHA-256): 128 random bits name the job to its customer alone.
ALTER TABLE jobs ADD COLUMN token_hash text;
CREATE UNIQUE INDEX jobs_token_hash ON jobs (token_hash) WHERE token_hash IS NOT NULL;
