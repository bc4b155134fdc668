CREATE TABLE "community_flag_outcomes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"upheld" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community_flag_outcomes" ADD CONSTRAINT "community_flag_outcomes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;