-- The sheets Mark Printed actually took off the paper's stock: the stock never goes below zero, so this
-- can be fewer than printed_sheets. Moving the job back to the queue gives back exactly this
-- (docs/product/rules.md#orders-and-earnings). Null when nothing was taken or before it was kept.
ALTER TABLE jobs ADD COLUMN paper_taken integer;
