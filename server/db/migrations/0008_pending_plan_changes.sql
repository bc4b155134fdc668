ALTER TABLE "subscriptions" ADD COLUMN "pending_price_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_tier" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_change_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "local_subscriptions" ADD COLUMN "scheduled_price_id" text;