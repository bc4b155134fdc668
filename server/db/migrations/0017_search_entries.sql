CREATE TABLE "search_entries" (
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"audience" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"vector" "tsvector" NOT NULL,
	CONSTRAINT "search_entries_kind_item_id_pk" PRIMARY KEY("kind","item_id")
);
--> statement-breakpoint
CREATE INDEX "search_entries_vector_idx" ON "search_entries" USING gin ("vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_entries_audience_idx" ON "search_entries" USING btree ("audience","at");--> statement-breakpoint
-- One search (server/features/search): search_entries holds, per searchable item, the words (title
-- weight A, body weight B), its date and its audience, kept current by the triggers below in the
-- transaction of every write. search_entries_sync makes the entries of the given items match their
-- rows: an item that no longer exists loses its entry; a post's replies follow its level.
CREATE FUNCTION search_entries_sync(entry_kind text, ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_entries WHERE kind = entry_kind AND item_id = ANY (ids);
  IF entry_kind = 'post' THEN
    INSERT INTO search_entries (kind, item_id, audience, at, vector)
    SELECT 'post', id, 'post:' || access_level, created_at, setweight(to_tsvector('english', content), 'B')
    FROM community_posts WHERE id = ANY (ids);
    PERFORM search_entries_sync('reply', ARRAY(SELECT id FROM community_replies WHERE post_id = ANY (ids)));
  ELSIF entry_kind = 'reply' THEN
    INSERT INTO search_entries (kind, item_id, audience, at, vector)
    SELECT 'reply', r.id, 'reply:' || p.access_level, r.created_at, setweight(to_tsvector('english', r.content), 'B')
    FROM community_replies r JOIN community_posts p ON p.id = r.post_id WHERE r.id = ANY (ids);
  ELSIF entry_kind = 'resource' THEN
    INSERT INTO search_entries (kind, item_id, audience, at, vector)
    SELECT 'resource', id, 'resource:' || tier, created_at,
      setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description), 'B')
    FROM resources WHERE id = ANY (ids);
  ELSIF entry_kind = 'video' THEN
    INSERT INTO search_entries (kind, item_id, audience, at, vector)
    SELECT 'video', id, 'video:' || access_level, release_date::timestamp AT TIME ZONE 'UTC',
      setweight(to_tsvector('english', file_name), 'A') || setweight(to_tsvector('english', description), 'B')
    FROM media_videos WHERE id = ANY (ids);
  ELSIF entry_kind = 'session' THEN
    INSERT INTO search_entries (kind, item_id, audience, at, vector)
    SELECT 'session', id, 'session:' || tier, session_date::timestamp AT TIME ZONE 'UTC',
      setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description || ' ' || facilitator || ' ' || location), 'B')
    FROM mastermind_sessions WHERE id = ANY (ids);
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION search_entries_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_entries_sync(TG_ARGV[0], ARRAY[OLD.id]);
  ELSE
    PERFORM search_entries_sync(TG_ARGV[0], ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only the columns an entry is made of fire them: likes, reply counts and moderation flags do not.
CREATE TRIGGER community_posts_search AFTER INSERT OR DELETE OR UPDATE OF content, access_level, created_at ON community_posts
  FOR EACH ROW EXECUTE FUNCTION search_entries_follow('post');--> statement-breakpoint
CREATE TRIGGER community_replies_search AFTER INSERT OR DELETE OR UPDATE OF content, post_id, created_at ON community_replies
  FOR EACH ROW EXECUTE FUNCTION search_entries_follow('reply');--> statement-breakpoint
CREATE TRIGGER resources_search AFTER INSERT OR DELETE OR UPDATE OF title, description, tier, created_at ON resources
  FOR EACH ROW EXECUTE FUNCTION search_entries_follow('resource');--> statement-breakpoint
CREATE TRIGGER media_videos_search AFTER INSERT OR DELETE OR UPDATE OF file_name, description, access_level, release_date ON media_videos
  FOR EACH ROW EXECUTE FUNCTION search_entries_follow('video');--> statement-breakpoint
CREATE TRIGGER mastermind_sessions_search AFTER INSERT OR DELETE OR UPDATE OF title, description, facilitator, location, tier, session_date ON mastermind_sessions
  FOR EACH ROW EXECUTE FUNCTION search_entries_follow('session');--> statement-breakpoint
-- Existing rows (replies come with their posts).
SELECT search_entries_sync('post', ARRAY(SELECT id FROM community_posts));--> statement-breakpoint
SELECT search_entries_sync('resource', ARRAY(SELECT id FROM resources));--> statement-breakpoint
SELECT search_entries_sync('video', ARRAY(SELECT id FROM media_videos));--> statement-breakpoint
SELECT search_entries_sync('session', ARRAY(SELECT id FROM mastermind_sessions));--> statement-breakpoint
-- The per-table vectors of 0015_search_vectors are replaced by search_entries (their GIN indexes go with them).
ALTER TABLE community_posts DROP COLUMN search_vector;--> statement-breakpoint
ALTER TABLE community_replies DROP COLUMN search_vector;--> statement-breakpoint
ALTER TABLE resources DROP COLUMN search_vector;--> statement-breakpoint
ALTER TABLE media_videos DROP COLUMN search_vector;--> statement-breakpoint
ALTER TABLE mastermind_sessions DROP COLUMN search_vector;
