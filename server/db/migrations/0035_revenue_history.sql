CREATE TABLE "revenue_history_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"reconstructed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revenue_months" (
	"month" date NOT NULL,
	"figure" text NOT NULL,
	"key" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "revenue_months_month_figure_key_pk" PRIMARY KEY("month","figure","key")
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text,
	"member_key" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"state_before" text,
	"state_after" text,
	"tier_before" text,
	"tier_after" text,
	"mrr_before_cents" integer DEFAULT 0 NOT NULL,
	"mrr_after_cents" integer DEFAULT 0 NOT NULL,
	"movement" text,
	"cohort_month" date,
	"coupon_code" text,
	"reason" text,
	"detail" text,
	"reconstructed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_events_occurred_idx" ON "subscription_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "subscription_events_user_idx" ON "subscription_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscription_events_member_idx" ON "subscription_events" USING btree ("member_key","id");