-- Each shop's QR code and posters as last drawn, one row per kind, with a fingerprint of what they were
-- drawn from: a request whose fingerprint matches is answered from here on any instance, after any
-- restart; a rename or a new drawing code draws anew and replaces the row (docs/decisions/054-qr-drawings-off-the-request-thread.md).
CREATE TABLE qr_drawings (
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  kind text NOT NULL,
  fingerprint text NOT NULL,
  data bytea NOT NULL,
  drawn_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shop_id, kind)
);
