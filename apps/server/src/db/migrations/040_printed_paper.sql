-- What a job took from the printer, counted when it was marked printed (docs/product/rules.md#sheets-and-sides):
-- its files are purged after retention, and the queue, dashboard, analytics and stock must still
-- agree on it. Null for a job not printed, or printed before these were kept.
ALTER TABLE jobs ADD COLUMN printed_sheets integer;
ALTER TABLE jobs ADD COLUMN printed_sides integer;
