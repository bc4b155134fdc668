-- The statements of a password sign-in (server/auth/auth-attempt.ts, start-session.ts) as SQL
-- functions: the embedded database is PostgreSQL 18, which keeps a SQL function's plans for the
-- session, where it planned the same statements afresh for every sign-in, on the main thread.
--
-- One attempt at an endpoint that checks a password or a code: a hit on the address's window, then on
-- the account's while the address is within its limit (an address past it spends none of the
-- account's guesses) and unless the browser is a known device of the account, counted as
-- hitRateLimit (server/auth/rate-limit.ts) counts one; with the account registered under `read_email`
-- and its credential (a password sign-in's read; null reads none).
CREATE OR REPLACE FUNCTION "count_auth_attempt"(
	address_key text, address_window integer, address_limit integer,
	account_key text, account_window integer, skip_account boolean, read_email text
) RETURNS TABLE (
	address_count integer, address_retry integer, account_count integer, account_retry integer,
	user_id text, user_email text, full_name text, email_verified boolean, avatar_url text, user_role text, membership_tier text,
	is_active boolean, last_login timestamptz, two_factor_enabled boolean, created_at timestamptz, updated_at timestamptz,
	has_credential boolean, password_hash text
) LANGUAGE sql AS $$
	WITH address_hit AS (
		INSERT INTO "rate_limits" ("key", "count", "reset_at") VALUES (address_key, 1, now() + make_interval(secs => address_window))
		ON CONFLICT ("key") DO UPDATE SET
			"count" = CASE WHEN "rate_limits"."reset_at" <= now() THEN 1 ELSE "rate_limits"."count" + 1 END,
			"reset_at" = CASE WHEN "rate_limits"."reset_at" <= now() THEN excluded."reset_at" ELSE "rate_limits"."reset_at" END
		RETURNING "count", ceil(extract(epoch FROM "reset_at" - now()))::integer AS retry
	), account_hit AS (
		INSERT INTO "rate_limits" ("key", "count", "reset_at")
		SELECT account_key, 1, now() + make_interval(secs => account_window) FROM address_hit
		WHERE account_key IS NOT NULL AND address_hit."count" <= address_limit AND NOT skip_account
		ON CONFLICT ("key") DO UPDATE SET
			"count" = CASE WHEN "rate_limits"."reset_at" <= now() THEN 1 ELSE "rate_limits"."count" + 1 END,
			"reset_at" = CASE WHEN "rate_limits"."reset_at" <= now() THEN excluded."reset_at" ELSE "rate_limits"."reset_at" END
		RETURNING "count", ceil(extract(epoch FROM "reset_at" - now()))::integer AS retry
	), account_user AS (
		SELECT "users"."id", "users"."email", "users"."full_name", "users"."email_verified", "users"."avatar_url", "users"."role",
			"users"."membership_tier", "users"."is_active", "users"."last_login", "users"."two_factor_enabled", "users"."created_at",
			"users"."updated_at", "accounts"."id" IS NOT NULL, "accounts"."password"
		FROM "users" LEFT JOIN "accounts" ON "accounts"."user_id" = "users"."id" AND "accounts"."provider_id" = 'credential' AND "accounts"."account_id" = "users"."id"
		WHERE "users"."email" = read_email
		LIMIT 1
	)
	SELECT address_hit."count", address_hit.retry, account_hit."count", account_hit.retry, account_user.*
	FROM address_hit LEFT JOIN account_hit ON true LEFT JOIN account_user ON true
$$;
--> statement-breakpoint
-- A password sign-in's session: `last_login` stamped and the session written only while the account is
-- active, and the account's count of guesses cleared (`clear_key`; null clears none); true when written.
CREATE OR REPLACE FUNCTION "start_session"(
	new_id text, new_token text, for_user text, expires timestamptz, from_address text, from_agent text, started timestamptz, clear_key text
) RETURNS boolean LANGUAGE sql AS $$
	WITH stamped AS (
		UPDATE "users" SET "last_login" = started WHERE "id" = for_user AND "is_active" RETURNING "id"
	), new_session AS (
		INSERT INTO "sessions" ("id", "token", "user_id", "expires_at", "ip_address", "user_agent", "created_at", "updated_at")
		SELECT new_id, new_token, stamped."id", expires, from_address, from_agent, started, started FROM stamped
		RETURNING "user_id"
	), cleared AS (
		DELETE FROM "rate_limits" WHERE "key" = clear_key AND EXISTS (SELECT 1 FROM new_session)
	)
	SELECT EXISTS (SELECT 1 FROM new_session)
$$;
