-- One search (server/features/search): a stored tsvector per searchable row, kept current by
-- PostgreSQL itself (generated columns), and a GIN index on each, so a query with prefix terms reads
-- only matching rows and ts_rank needs no re-parsing. Title words weigh A, body words B. The columns
-- are not in the Drizzle table files on purpose: no feature selects them but search, by name.
ALTER TABLE "community_posts" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', "content"), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "community_replies" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', "content"), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "description"), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "media_videos" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', "file_name"), 'A') || setweight(to_tsvector('english', "description"), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "mastermind_sessions" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "description" || ' ' || "facilitator" || ' ' || "location"), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "community_posts_search_idx" ON "community_posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "community_replies_search_idx" ON "community_replies" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "resources_search_idx" ON "resources" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "media_videos_search_idx" ON "media_videos" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "mastermind_sessions_search_idx" ON "mastermind_sessions" USING gin ("search_vector");
