CREATE TABLE "lead_timeline_entries" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_uid" uuid NOT NULL,
	"kind" text NOT NULL,
	"channel" text,
	"amount_cents" bigint,
	"note" text DEFAULT '' NOT NULL,
	"buyer_visible" boolean DEFAULT false NOT NULL,
	"author_uid" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_opportunities" ADD COLUMN "decision_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "market_value_cents" bigint;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "market_low_cents" bigint;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "market_high_cents" bigint;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "owner_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "expected_timeline" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "market_analysis_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_visible_step_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_buyer_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_on_behalf_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sold_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "commission_cents" bigint;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "commission_channel" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "close_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "service_stop_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_timeline_entries" ADD CONSTRAINT "lead_timeline_entries_lead_uid_leads_uid_fk" FOREIGN KEY ("lead_uid") REFERENCES "public"."leads"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_timeline_entries" ADD CONSTRAINT "lead_timeline_entries_author_uid_users_uid_fk" FOREIGN KEY ("author_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_timeline_lead_idx" ON "lead_timeline_entries" USING btree ("lead_uid","occurred_at");--> statement-breakpoint
CREATE INDEX "lead_opportunities_pending_idx" ON "lead_opportunities" USING btree ("lead_uid") WHERE "lead_opportunities"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "leads_consultant_paid_idx" ON "leads" USING btree ("consultant_uid","paid_at");--> statement-breakpoint
CREATE INDEX "leads_paid_idx" ON "leads" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "leads_response_due_idx" ON "leads" USING btree ("response_due_at");