-- Mention mails move under the notification preferences: a member who had turned them off keeps mentions in the app only.
INSERT INTO "notification_preferences" ("user_id", "topic", "delivery", "updated_at")
SELECT "user_id", 'mentions', 'app', "created_at" FROM "community_mention_opt_outs"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "community_mention_opt_outs" CASCADE;
