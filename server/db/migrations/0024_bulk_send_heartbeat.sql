ALTER TABLE "bulk_sends" ADD COLUMN "sender_id" text;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD COLUMN "resumed_at" timestamp with time zone;