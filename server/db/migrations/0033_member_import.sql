CREATE TABLE "member_import_rows" (
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"tier" text,
	"joined_at" timestamp with time zone,
	"notes" text NOT NULL,
	"problems" text[] DEFAULT '{}'::text[] NOT NULL,
	"plan" text NOT NULL,
	"outcome" text,
	"user_id" text,
	"invite" text,
	CONSTRAINT "member_import_rows_import_id_row_number_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "member_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" text,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'checked' NOT NULL,
	"total_rows" integer NOT NULL,
	"to_create" integer NOT NULL,
	"unchanged" integer NOT NULL,
	"problem_rows" integer NOT NULL,
	"complimentary_until" timestamp with time zone,
	"processed" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"existed" integer DEFAULT 0 NOT NULL,
	"invites_sent" integer DEFAULT 0 NOT NULL,
	"invites_failed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"rows_deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tier_override_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "admin_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_import_rows" ADD CONSTRAINT "member_import_rows_import_id_member_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."member_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_import_rows" ADD CONSTRAINT "member_import_rows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_imports" ADD CONSTRAINT "member_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_import_rows_todo_idx" ON "member_import_rows" USING btree ("import_id","row_number") WHERE "member_import_rows"."plan" = 'create' and "member_import_rows"."outcome" is null;--> statement-breakpoint
CREATE INDEX "member_import_rows_invite_idx" ON "member_import_rows" USING btree ("import_id") WHERE "member_import_rows"."invite" = 'pending';--> statement-breakpoint
CREATE INDEX "member_import_rows_user_idx" ON "member_import_rows" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "member_imports_created_at_idx" ON "member_imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_tier_override_until_idx" ON "users" USING btree ("tier_override_until") WHERE "users"."tier_override_until" is not null;