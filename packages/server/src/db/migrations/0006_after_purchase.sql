CREATE TABLE "ebook_downloads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_uid" uuid NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_opportunities" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_uid" uuid NOT NULL,
	"domain_name" text NOT NULL,
	"offer_amount_cents" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by_uid" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "broker_terms_agreed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "survey_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ebook_downloads" ADD CONSTRAINT "ebook_downloads_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_opportunities" ADD CONSTRAINT "lead_opportunities_lead_uid_leads_uid_fk" FOREIGN KEY ("lead_uid") REFERENCES "public"."leads"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_opportunities" ADD CONSTRAINT "lead_opportunities_decided_by_uid_users_uid_fk" FOREIGN KEY ("decided_by_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ebook_downloads_user_idx" ON "ebook_downloads" USING btree ("user_uid");--> statement-breakpoint
CREATE INDEX "lead_opportunities_lead_idx" ON "lead_opportunities" USING btree ("lead_uid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_opportunities_lead_domain_key" ON "lead_opportunities" USING btree ("lead_uid",lower("domain_name"));