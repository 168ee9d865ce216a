-- The deletion receipt counts each kind of copy that left the server, per file
-- (docs/decisions/063-copies-counted-by-kind.md): `downloads` keeps counting the original's downloads;
-- these count the converted PDF's downloads, print-ready PDFs made for the browser's print dialog, and
-- documents handed to a print agent. Before this, print-ready copies were added to `downloads`.
ALTER TABLE job_files ADD COLUMN pdf_downloads integer NOT NULL DEFAULT 0;
ALTER TABLE job_files ADD COLUMN print_ready_copies integer NOT NULL DEFAULT 0;
ALTER TABLE job_files ADD COLUMN printer_copies integer NOT NULL DEFAULT 0;
