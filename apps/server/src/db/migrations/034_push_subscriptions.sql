-- Web Push (docs/decisions/044-web-push-for-new-jobs.md): a staff device asked to be told of a shop's new jobs.
-- One row per user, shop and browser endpoint; a user's rows go when they log out, a shop's with the shop.
CREATE TABLE push_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  shop_id uuid NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  endpoint text NOT NULL,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, shop_id, endpoint)
);
CREATE INDEX push_subscriptions_shop ON push_subscriptions (shop_id);
