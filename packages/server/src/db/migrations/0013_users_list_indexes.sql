CREATE INDEX "user_roles_role_user_idx" ON "user_roles" USING btree ("role_uid","user_uid");--> statement-breakpoint
CREATE INDEX "users_active_created_idx" ON "users" USING btree ("created_at","uid") WHERE "users"."deactivated_at" is null;--> statement-breakpoint
CREATE INDEX "users_active_last_login_idx" ON "users" USING btree ("last_login","uid") WHERE "users"."deactivated_at" is null;--> statement-breakpoint
CREATE INDEX "users_active_email_idx" ON "users" USING btree ("email","uid") WHERE "users"."deactivated_at" is null;--> statement-breakpoint
CREATE INDEX "sell_submissions_user_idx" ON "sell_submissions" USING btree ("user_uid");