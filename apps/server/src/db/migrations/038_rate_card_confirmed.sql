-- A shop quotes prices only once its owner has confirmed a rate card (docs/decisions/061-prices-a-shop-never-set-are-not-quoted.md).
-- Shops that already exist keep quoting what they quote today: their owners have run on these prices.
ALTER TABLE shops ADD COLUMN rate_card_confirmed_at timestamptz;
UPDATE shops SET rate_card_confirmed_at = now();
