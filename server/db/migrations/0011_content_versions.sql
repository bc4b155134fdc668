CREATE TABLE "content_versions" (
	"area" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "content_versions" ("area") VALUES ('videos'), ('resources'), ('sessions'), ('community');--> statement-breakpoint
CREATE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "content_versions" SET "version" = "version" + 1 WHERE "area" = TG_ARGV[0];
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "media_videos_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "media_videos" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"('videos');--> statement-breakpoint
CREATE TRIGGER "resources_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "resources" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"('resources');--> statement-breakpoint
CREATE TRIGGER "mastermind_sessions_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mastermind_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"('sessions');--> statement-breakpoint
CREATE TRIGGER "community_posts_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "community_posts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"('community');--> statement-breakpoint
CREATE TRIGGER "community_replies_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "community_replies" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"('community');--> statement-breakpoint
CREATE TRIGGER "community_post_likes_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "community_post_likes" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"('community');--> statement-breakpoint
CREATE TRIGGER "community_reply_likes_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "community_reply_likes" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"('community');--> statement-breakpoint
CREATE TRIGGER "users_community_author_version" AFTER UPDATE ON "users" FOR EACH ROW WHEN (
	OLD."full_name" IS DISTINCT FROM NEW."full_name"
	OR OLD."avatar_url" IS DISTINCT FROM NEW."avatar_url"
	OR OLD."membership_tier" IS DISTINCT FROM NEW."membership_tier"
) EXECUTE FUNCTION "bump_content_version"('community');
