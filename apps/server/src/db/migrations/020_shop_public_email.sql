-- The shop page showed the owner's login e-mail. The public page now shows only this address,
-- which the owner sets in settings; a shop starts without one.
ALTER TABLE shops ADD COLUMN public_email text;
