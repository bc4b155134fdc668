ALTER TABLE "bulk_send_recipients" DROP CONSTRAINT "bulk_send_recipients_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "bulk_send_recipients" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_send_recipients" ADD CONSTRAINT "bulk_send_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;