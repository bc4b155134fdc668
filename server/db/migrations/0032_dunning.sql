CREATE TABLE "dunning_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"past_due_since" timestamp with time zone NOT NULL,
	"step" text NOT NULL,
	"sent_by" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "unpaid_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_attempts" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_payment_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "local_invoices" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "dunning_reminders" ADD CONSTRAINT "dunning_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_reminders" ADD CONSTRAINT "dunning_reminders_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dunning_reminders_step_idx" ON "dunning_reminders" USING btree ("user_id","past_due_since","step") WHERE "dunning_reminders"."step" <> 'manual';--> statement-breakpoint
CREATE INDEX "dunning_reminders_user_idx" ON "dunning_reminders" USING btree ("user_id","claimed_at");