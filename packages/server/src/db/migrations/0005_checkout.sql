CREATE TABLE "payment_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_uid" uuid NOT NULL,
	"user_uid" uuid NOT NULL,
	"method" text NOT NULL,
	"provider_payment_id" text,
	"idempotency_key" text,
	"status" text DEFAULT 'created' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"promo_code_uid" uuid,
	"failure_code" text,
	"failure_message" text,
	"provider_refund_id" text,
	"refund_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"succeeded_at" timestamp with time zone,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"offer_percent" integer NOT NULL,
	"reusable_count" integer DEFAULT 1 NOT NULL,
	"valid_thru" timestamp with time zone NOT NULL,
	"created_by_uid" uuid,
	"created_user" text NOT NULL,
	"for_user_uid" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promo_code_uid" uuid NOT NULL,
	"user_uid" uuid NOT NULL,
	"lead_uid" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "accepting_leads" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_lead_uid_leads_uid_fk" FOREIGN KEY ("lead_uid") REFERENCES "public"."leads"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_promo_code_uid_promo_codes_uid_fk" FOREIGN KEY ("promo_code_uid") REFERENCES "public"."promo_codes"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_uid_users_uid_fk" FOREIGN KEY ("created_by_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_for_user_uid_users_uid_fk" FOREIGN KEY ("for_user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_uid_promo_codes_uid_fk" FOREIGN KEY ("promo_code_uid") REFERENCES "public"."promo_codes"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_lead_uid_leads_uid_fk" FOREIGN KEY ("lead_uid") REFERENCES "public"."leads"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_lead_idx" ON "payments" USING btree ("lead_uid","created_at");--> statement-breakpoint
CREATE INDEX "payments_succeeded_idx" ON "payments" USING btree ("succeeded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_key" ON "payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_success_per_lead" ON "payments" USING btree ("lead_uid") WHERE "payments"."status" in ('succeeded', 'refunded');--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_user_key" ON "promo_redemptions" USING btree ("promo_code_uid","user_uid");--> statement-breakpoint
CREATE INDEX "promo_redemptions_code_idx" ON "promo_redemptions" USING btree ("promo_code_uid");