CREATE TABLE "content_changes" (
	"area" text NOT NULL
);
--> statement-breakpoint
-- Writers only insert a change row (no lock shared with other writers); readers add the rows to the
-- counter, and fold them into it now and then (server/cache/content-versions.ts).
CREATE OR REPLACE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "content_changes" ("area") VALUES (TG_ARGV[0]);
	RETURN NULL;
END
$$;
