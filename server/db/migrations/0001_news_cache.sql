CREATE TABLE "news_cache" (
	"feed_url" text PRIMARY KEY NOT NULL,
	"items" jsonb NOT NULL,
	"failed" boolean NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
