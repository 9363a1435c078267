ALTER TABLE "users" ADD COLUMN "linkedin_sub" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_linkedin_sub_key" ON "users" USING btree ("linkedin_sub");