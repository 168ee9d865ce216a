-- Decision 013: a PDF whose pages cannot be counted within the budget is marked once and never
-- retried; attempts are counted before each try, so a file that was being counted when the
-- server died is tried again at most once.
ALTER TABLE job_files ADD COLUMN page_count_error text;
ALTER TABLE job_files ADD COLUMN page_count_attempts integer NOT NULL DEFAULT 0;
DROP INDEX job_files_pages_pending;
CREATE INDEX job_files_pages_pending ON job_files (created_at) WHERE pages IS NULL AND page_count_error IS NULL AND state = 'active';
