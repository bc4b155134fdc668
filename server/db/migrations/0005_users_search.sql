-- The admin user list stays fast at 100,000 accounts: trigram indexes answer the case-insensitive
-- substring search on name or email, and each sort order has an index that also holds the id, so a
-- deep page is read from the index alone before the page's rows are fetched.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_created_at_id_idx" ON "users" USING btree ("created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_sort_idx" ON "users" USING btree (lower("full_name"), "id") INCLUDE ("full_name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_sort_idx" ON "users" USING btree ("email", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_last_login_sort_idx" ON "users" USING btree ("last_login" DESC NULLS LAST, "id" DESC);
