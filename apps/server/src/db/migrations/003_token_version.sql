-- Every access and onboarding token carries the version it was issued under; bumping it ends them all.
ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0;

-- A refresh-token family (one sign-in) ends at a fixed age however often it is rotated.
ALTER TABLE refresh_tokens ADD COLUMN family_started_at timestamptz;
UPDATE refresh_tokens r SET family_started_at = f.started
  FROM (SELECT family_id, min(created_at) AS started FROM refresh_tokens GROUP BY family_id) f
  WHERE r.family_id = f.family_id;
ALTER TABLE refresh_tokens ALTER COLUMN family_started_at SET NOT NULL;
