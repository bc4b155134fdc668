ALTER TABLE "mastermind_sessions" ADD COLUMN "join_url" text;--> statement-breakpoint
-- Admins pasted call links into the location, which every visitor sees on /mastermind: each link moves
-- to the join link (members of the session's tier only) and leaves the location, which keeps its other
-- words. The search entries follow by their trigger on location.
UPDATE "mastermind_sessions"
SET "join_url" = rtrim((regexp_match("location", 'https?://[^[:space:]]+', 'i'))[1], '.,;:!?)]'),
  "location" = btrim(regexp_replace("location", 'https?://[^[:space:]]+', '', 'gi'))
WHERE "location" ~* 'https?://';
