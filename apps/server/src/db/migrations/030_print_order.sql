-- Issue 19: the print order. Rate-card services say which prints they price (paper, colour, sides of a
-- per_page service) and which are add-ons (extra); docs/decisions/036.
ALTER TABLE rate_card_services ADD COLUMN paper text;
ALTER TABLE rate_card_services ADD COLUMN color text CHECK (color IN ('bw', 'color'));
ALTER TABLE rate_card_services ADD COLUMN sides text CHECK (sides IN ('single', 'double'));
ALTER TABLE rate_card_services ADD COLUMN extra boolean NOT NULL DEFAULT false;

-- The shop lets customers ask for `auto` colour: each page is classed colour or grey.
ALTER TABLE shops ADD COLUMN color_detection boolean NOT NULL DEFAULT false;

-- Pages of an `auto` file found to be colour (1-based), and how many leading pages were looked at;
-- detected_at is set once detection answered or was given up (error says why), as preparation is.
ALTER TABLE job_files ADD COLUMN color_pages jsonb;
ALTER TABLE job_files ADD COLUMN color_pages_checked integer;
ALTER TABLE job_files ADD COLUMN color_detected_at timestamptz;
ALTER TABLE job_files ADD COLUMN color_detection_error text;
ALTER TABLE job_files ADD COLUMN color_detection_attempts integer NOT NULL DEFAULT 0;

-- What an order sold: the estimate's lines when the job was marked printed, and the difference staff
-- typed (a discount is negative). Orders taken before this migration have none.
CREATE TABLE order_lines (
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  position integer NOT NULL,
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('print', 'extra', 'service', 'adjustment')),
  file_id uuid,
  service_id uuid,
  description text NOT NULL,
  quantity integer NOT NULL,
  unit_price_paise bigint,
  amount_paise bigint NOT NULL,
  PRIMARY KEY (order_id, position)
);
CREATE INDEX order_lines_shop_service ON order_lines (shop_id, service_id);

-- A shop with no rate card showed the typical prices publicly; it now has them as real services, as a
-- new shop does (DEFAULT_RATE_CARD in the contract, as of this migration).
INSERT INTO rate_card_services (shop_id, service_name, base_price_paise, unit, description, paper, color, position)
SELECT s.id, v.name, v.paise, 'per_page', v.description, v.paper, v.color, v.position
FROM shops s
CROSS JOIN (VALUES
  ('Black & white A4', 200, 'per printed side', 'A4', 'bw', 0),
  ('Colour A4', 1000, 'per printed side', 'A4', 'color', 1),
  ('Photo 4x6', 2500, 'per photo', '4x6', 'color', 2)
) AS v(name, paise, description, paper, color, position)
WHERE NOT EXISTS (SELECT 1 FROM rate_card_services r WHERE r.shop_id = s.id);
