CREATE TABLE "lead_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_uid" uuid NOT NULL,
	"type" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor_uid" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uid" uuid NOT NULL,
	"domain_name" text NOT NULL,
	"offer_amount_cents" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"registrar_uid" text,
	"consultant_uid" uuid,
	"referrer_url" text DEFAULT '' NOT NULL,
	"referral_url" text DEFAULT '' NOT NULL,
	"form_name" text DEFAULT '' NOT NULL,
	"user_interested" text,
	"questions_any" text DEFAULT '' NOT NULL,
	"preferred_contact" text,
	"prefer_text" boolean DEFAULT false NOT NULL,
	"preferred_time" timestamp with time zone,
	"be_seen" boolean DEFAULT false NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"dead_line" timestamp with time zone,
	"is_survey_completed" boolean DEFAULT false NOT NULL,
	"market_analysis" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"sold_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_uid_leads_uid_fk" FOREIGN KEY ("lead_uid") REFERENCES "public"."leads"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_actor_uid_users_uid_fk" FOREIGN KEY ("actor_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_registrar_uid_registrars_uid_fk" FOREIGN KEY ("registrar_uid") REFERENCES "public"."registrars"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_consultant_uid_users_uid_fk" FOREIGN KEY ("consultant_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("lead_uid","id");--> statement-breakpoint
CREATE INDEX "lead_events_created_idx" ON "lead_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_user_created_idx" ON "leads" USING btree ("user_uid","created_at");--> statement-breakpoint
CREATE INDEX "leads_registrar_idx" ON "leads" USING btree ("registrar_uid");--> statement-breakpoint
CREATE INDEX "leads_consultant_idx" ON "leads" USING btree ("consultant_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_one_open_per_user" ON "leads" USING btree ("user_uid") WHERE "leads"."status" in ('pending', 'new');