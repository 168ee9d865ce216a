-- Banners are stored as WebP in several widths (640, 960, 1280, 1920) (docs/decisions/025): the widest at blob_key, each narrower
-- one at blob_key || '.w' || width. Banners stored before this keep their original at blob_key and no widths.
ALTER TABLE shop_banners ADD COLUMN widths integer[] NOT NULL DEFAULT '{}';
