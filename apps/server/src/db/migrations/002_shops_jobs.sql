CREATE TABLE shops (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  category text NOT NULL,
  address text NOT NULL,
  tagline text,
  primary_color text NOT NULL DEFAULT '#06b6d4',
  gst_number text,
  pan text,
  contact_phone text,
  contact_phone_alt text,
  whatsapp text,
  owner_email text,
  owner_name text,
  hours text NOT NULL DEFAULT '9:30 AM – 8:00 PM',
  shop_type text,
  username text UNIQUE,
  integrations text[] NOT NULL DEFAULT '{}',
  is_open boolean NOT NULL DEFAULT true,
  next_job_number integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shops_owner ON shops (owner_id);

CREATE TABLE shop_banners (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  blob_key text NOT NULL UNIQUE,
  content_type text NOT NULL,
  size bigint NOT NULL,
  width integer,
  height integer,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shop_banners_shop ON shop_banners (shop_id, position);

CREATE TABLE customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  name text NOT NULL DEFAULT '',
  email text,
  phone text,
  address text,
  tags text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX customers_shop_phone ON customers (shop_id, phone) WHERE phone IS NOT NULL;
CREATE INDEX customers_shop_updated ON customers (shop_id, updated_at DESC);

CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  number integer NOT NULL,
  customer_id uuid REFERENCES customers(id) ON DELETE SET NULL,
  customer_name text,
  customer_phone text,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'done', 'cancelled')),
  paper_sku text,
  created_at timestamptz NOT NULL DEFAULT now(),
  printed_at timestamptz,
  cancelled_at timestamptz,
  UNIQUE (shop_id, number)
);
CREATE INDEX jobs_shop_created ON jobs (shop_id, created_at DESC, id DESC);
CREATE INDEX jobs_customer ON jobs (customer_id);
CREATE INDEX jobs_created ON jobs (created_at);

CREATE TABLE job_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  job_id uuid NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  position integer NOT NULL,
  blob_key text NOT NULL UNIQUE,
  original_name text NOT NULL,
  stored_name text NOT NULL,
  extension text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL,
  sha256 text NOT NULL,
  pages integer,
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'recycled', 'saved', 'purged')),
  recycled_at timestamptz,
  expires_at timestamptz,
  saved_at timestamptz,
  purged_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_files_job ON job_files (job_id, position);
CREATE INDEX job_files_shop_state ON job_files (shop_id, state, recycled_at DESC);
CREATE INDEX job_files_expiry ON job_files (expires_at) WHERE state = 'recycled';
CREATE INDEX job_files_pages_pending ON job_files (created_at) WHERE pages IS NULL AND state = 'active';

CREATE TABLE inventory_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  sku text NOT NULL,
  name text NOT NULL,
  category text NOT NULL DEFAULT 'general',
  price_paise bigint NOT NULL DEFAULT 0,
  stock integer NOT NULL DEFAULT 0,
  low_stock_threshold integer NOT NULL DEFAULT 10,
  unit text NOT NULL DEFAULT 'pcs',
  description text,
  sheets_per_ream integer,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (shop_id, sku)
);

CREATE TABLE restocks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  sku text NOT NULL,
  sheets integer NOT NULL,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rate_card_services (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  service_name text NOT NULL,
  base_price_paise bigint NOT NULL,
  unit text NOT NULL,
  category text,
  description text,
  is_active boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX rate_card_shop ON rate_card_services (shop_id, position);

CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  job_id uuid REFERENCES jobs(id) ON DELETE SET NULL,
  customer_id uuid REFERENCES customers(id) ON DELETE SET NULL,
  customer_name text,
  amount_paise bigint NOT NULL CHECK (amount_paise >= 0),
  payment_method text CHECK (payment_method IN ('cash', 'upi', 'card')),
  service_id uuid,
  service_name text,
  status text NOT NULL DEFAULT 'paid' CHECK (status IN ('paid', 'refunded')),
  created_at timestamptz NOT NULL DEFAULT now(),
  refunded_at timestamptz
);
CREATE INDEX orders_shop_created ON orders (shop_id, created_at DESC);

CREATE TABLE shop_visits (
  id bigserial PRIMARY KEY,
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  src text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shop_visits_shop_created ON shop_visits (shop_id, created_at);

CREATE TABLE feature_feedback (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  feature text NOT NULL,
  want_feature boolean NOT NULL,
  message text,
  shop_slug text,
  client_timestamp text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contact_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL,
  company text,
  phone text,
  subject text NOT NULL,
  message text NOT NULL,
  mailed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE checkout_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  plan text NOT NULL,
  billing text NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  phone text,
  message text,
  created_at timestamptz NOT NULL DEFAULT now()
);
