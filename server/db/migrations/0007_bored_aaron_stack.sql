CREATE TABLE "media_folders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_folders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"file_key" text,
	"file_type" text NOT NULL,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"folder" text DEFAULT 'general' NOT NULL,
	"width" integer,
	"height" integer,
	"page_count" integer,
	"youtube_id" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_items_file_key_unique" UNIQUE("file_key")
);
--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_folders_name_idx" ON "media_folders" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "media_items_newest_idx" ON "media_items" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "media_items_folder_idx" ON "media_items" USING btree ("folder");