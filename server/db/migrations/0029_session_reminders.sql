CREATE TABLE "session_reminders" (
	"session_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_reminders_session_id_user_id_kind_pk" PRIMARY KEY("session_id","user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_session_id_mastermind_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."mastermind_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_reminders_user_idx" ON "session_reminders" USING btree ("user_id");