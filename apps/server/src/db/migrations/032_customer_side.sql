-- Issue 20: the customer's side of a job.
-- When staff started printing (a download or Start printing): from then the customer can no longer change the job.
ALTER TABLE jobs ADD COLUMN printing_at timestamptz;
-- When the customer said they paid by UPI: a claim only; staff record the payment at Mark Printed.
ALTER TABLE jobs ADD COLUMN payment_claimed_at timestamptz;
-- The shop's own UPI ID and payee name: customers pay the shop directly, with no gateway.
ALTER TABLE shops ADD COLUMN upi_vpa text;
ALTER TABLE shops ADD COLUMN upi_payee text;
