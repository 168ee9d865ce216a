-- Issue 19: how the customer asked each file to be printed (TPrintOptions, defaults filled in at upload).
-- Null for files stored before: they print with the defaults.
ALTER TABLE job_files ADD COLUMN print_options jsonb;
