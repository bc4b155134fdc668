CREATE TABLE "community_flags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"post_id" integer,
	"reply_id" integer,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "community_flags_one_item" CHECK (("community_flags"."post_id" is null) <> ("community_flags"."reply_id" is null))
);
--> statement-breakpoint
CREATE TABLE "community_suspensions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_mention_opt_outs" (
	"user_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_mention_notices" (
	"post_id" integer,
	"reply_id" integer,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "community_replies" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "community_flags" ADD CONSTRAINT "community_flags_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_flags" ADD CONSTRAINT "community_flags_reply_id_community_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."community_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_flags" ADD CONSTRAINT "community_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_suspensions" ADD CONSTRAINT "community_suspensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_mention_opt_outs" ADD CONSTRAINT "community_mention_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_mention_notices" ADD CONSTRAINT "community_mention_notices_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_mention_notices" ADD CONSTRAINT "community_mention_notices_reply_id_community_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."community_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_mention_notices" ADD CONSTRAINT "community_mention_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "community_flags_post_user_idx" ON "community_flags" USING btree ("post_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "community_flags_reply_user_idx" ON "community_flags" USING btree ("reply_id","user_id");--> statement-breakpoint
CREATE INDEX "community_flags_open_idx" ON "community_flags" USING btree ("created_at") WHERE "community_flags"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "community_mention_notices_post_user_idx" ON "community_mention_notices" USING btree ("post_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "community_mention_notices_reply_user_idx" ON "community_mention_notices" USING btree ("reply_id","user_id");--> statement-breakpoint
CREATE INDEX "community_mention_notices_user_idx" ON "community_mention_notices" USING btree ("user_id");--> statement-breakpoint
CREATE TRIGGER "community_flags_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "community_flags" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"('community');
