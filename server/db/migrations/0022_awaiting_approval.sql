ALTER TABLE "users" ADD COLUMN "awaiting_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Accounts held inactive before this column: an inactive account that never signed in and whose status no admin ever changed awaits approval.
UPDATE "users" SET "awaiting_approval" = true WHERE "is_active" = false AND "last_login" IS NULL AND NOT EXISTS (SELECT 1 FROM "admin_audit_log" WHERE "admin_audit_log"."target_id" = "users"."id" AND "admin_audit_log"."action" = 'change-status');
