CREATE TABLE "dm_blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dm_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "dm_conversations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dm_conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pair_key" text NOT NULL,
	"started_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dm_conversations_pair_key_unique" UNIQUE("pair_key")
);
--> statement-breakpoint
CREATE TABLE "dm_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dm_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" integer NOT NULL,
	"sender_id" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dm_participants" (
	"conversation_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"other_user_id" text,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_message_id" bigint DEFAULT 0 NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dm_participants_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "dm_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dm_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conversation_id" integer NOT NULL,
	"reporter_id" text,
	"reported_id" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"decision" text,
	"resolved_by" text
);
--> statement-breakpoint
CREATE TABLE "member_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"headline" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"building" text DEFAULT '' NOT NULL,
	"stage" text,
	"expertise" text[] DEFAULT '{}'::text[] NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"linkedin" text DEFAULT '' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"accepts_messages" boolean DEFAULT true NOT NULL,
	"text_hidden_at" timestamp with time zone,
	"text_hidden_by" text,
	"name" text DEFAULT '' NOT NULL,
	"sort_name" text DEFAULT '' NOT NULL,
	"tier" text DEFAULT 'free' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dm_blocks" ADD CONSTRAINT "dm_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dm_blocks" ADD CONSTRAINT "dm_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dm_conversations" ADD CONSTRAINT "dm_conversations_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dm_messages" ADD CONSTRAINT "dm_messages_conversation_id_dm_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."dm_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dm_messages" ADD CONSTRAINT "dm_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dm_participants" ADD CONSTRAINT "dm_participants_conversation_id_dm_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."dm_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dm_participants" ADD CONSTRAINT "dm_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dm_participants" ADD CONSTRAINT "dm_participants_other_user_id_users_id_fk" FOREIGN KEY ("other_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dm_reports" ADD CONSTRAINT "dm_reports_conversation_id_dm_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."dm_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dm_reports" ADD CONSTRAINT "dm_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dm_reports" ADD CONSTRAINT "dm_reports_reported_id_users_id_fk" FOREIGN KEY ("reported_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dm_reports" ADD CONSTRAINT "dm_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD CONSTRAINT "member_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD CONSTRAINT "member_profiles_text_hidden_by_users_id_fk" FOREIGN KEY ("text_hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dm_blocks_blocked_idx" ON "dm_blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "dm_conversations_started_idx" ON "dm_conversations" USING btree ("started_by","created_at");--> statement-breakpoint
CREATE INDEX "dm_messages_conversation_idx" ON "dm_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "dm_messages_sender_idx" ON "dm_messages" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "dm_participants_list_idx" ON "dm_participants" USING btree ("user_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dm_participants_other_idx" ON "dm_participants" USING btree ("other_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dm_reports_open_idx" ON "dm_reports" USING btree ("conversation_id","reporter_id") WHERE "dm_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "dm_reports_queue_idx" ON "dm_reports" USING btree ("created_at") WHERE "dm_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "dm_reports_reporter_idx" ON "dm_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "dm_reports_reported_idx" ON "dm_reports" USING btree ("reported_id");--> statement-breakpoint
CREATE INDEX "member_profiles_search_idx" ON "member_profiles" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "member_profiles_expertise_idx" ON "member_profiles" USING gin ("expertise");--> statement-breakpoint
CREATE INDEX "member_profiles_listed_joined_idx" ON "member_profiles" USING btree ("joined_at" DESC NULLS LAST,"user_id") WHERE "member_profiles"."active" and not "member_profiles"."hidden";--> statement-breakpoint
CREATE INDEX "member_profiles_listed_name_idx" ON "member_profiles" USING btree ("sort_name","user_id") WHERE "member_profiles"."active" and not "member_profiles"."hidden";--> statement-breakpoint
-- The directory (server/features/people) is one table: every account has a profile row, created with
-- the account, and the account's name, tier, status and join date are copied into it in the same
-- transaction as any change to them.
CREATE FUNCTION member_profiles_follow_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_profiles (user_id, name, tier, active, joined_at)
  VALUES (NEW.id, COALESCE(NULLIF(btrim(NEW.full_name), ''), 'Member'), NEW.membership_tier, NEW.is_active, NEW.created_at)
  ON CONFLICT (user_id) DO UPDATE SET name = EXCLUDED.name, tier = EXCLUDED.tier, active = EXCLUDED.active, joined_at = EXCLUDED.joined_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_member_profile AFTER INSERT OR UPDATE OF full_name, membership_tier, is_active, created_at ON users
  FOR EACH ROW EXECUTE FUNCTION member_profiles_follow_user();--> statement-breakpoint
-- The words a directory search finds (unstemmed: searches match word prefixes): the name and headline
-- first, then the tags, then the rest.
-- While an admin hides the profile's text, only the name is searchable.
CREATE FUNCTION member_profiles_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sort_name := lower(NEW.name);
  IF NEW.text_hidden_at IS NOT NULL THEN
    NEW.search := setweight(to_tsvector('simple', NEW.name), 'A');
  ELSE
    NEW.search := setweight(to_tsvector('simple', NEW.name), 'A')
      || setweight(to_tsvector('simple', NEW.headline), 'A')
      || setweight(to_tsvector('simple', array_to_string(NEW.expertise, ' ')), 'B')
      || setweight(to_tsvector('simple', NEW.bio || ' ' || NEW.building), 'C');
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER member_profiles_words BEFORE INSERT OR UPDATE OF name, headline, bio, building, expertise, text_hidden_at ON member_profiles
  FOR EACH ROW EXECUTE FUNCTION member_profiles_words();--> statement-breakpoint
INSERT INTO member_profiles (user_id, name, tier, active, joined_at)
SELECT id, COALESCE(NULLIF(btrim(full_name), ''), 'Member'), membership_tier, is_active, created_at FROM users;
