CREATE TABLE "contact_requests" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"domain_name" text DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"budget_cents" bigint,
	"user_uid" uuid,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_opt_outs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"type" text NOT NULL,
	"lead_uid" uuid,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sell_submissions" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"form_name" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"user_uid" uuid,
	"verify_token_hash" text,
	"email_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_domains" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_uid" uuid NOT NULL,
	"domain_name" text NOT NULL,
	"price_cents" bigint,
	"min_quote_cents" bigint,
	"value_cents" bigint,
	"worth" text DEFAULT '' NOT NULL,
	"premium" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_mail_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_opt_outs" ADD CONSTRAINT "mail_opt_outs_lead_uid_leads_uid_fk" FOREIGN KEY ("lead_uid") REFERENCES "public"."leads"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_submissions" ADD CONSTRAINT "sell_submissions_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_domains" ADD CONSTRAINT "seller_domains_submission_uid_sell_submissions_uid_fk" FOREIGN KEY ("submission_uid") REFERENCES "public"."sell_submissions"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_requests_created_idx" ON "contact_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_opt_outs_key" ON "mail_opt_outs" USING btree ("email","type",coalesce("lead_uid"::text, ''));--> statement-breakpoint
CREATE INDEX "sell_submissions_email_idx" ON "sell_submissions" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sell_submissions_verify_token_key" ON "sell_submissions" USING btree ("verify_token_hash");--> statement-breakpoint
CREATE INDEX "sell_submissions_created_idx" ON "sell_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "seller_domains_submission_idx" ON "seller_domains" USING btree ("submission_uid");--> statement-breakpoint
CREATE INDEX "seller_domains_created_idx" ON "seller_domains" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "seller_domains_domain_idx" ON "seller_domains" USING btree (lower("domain_name"));