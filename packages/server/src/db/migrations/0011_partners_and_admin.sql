CREATE TABLE "registrar_click_days" (
	"registrar_uid" text NOT NULL,
	"day" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "registrar_click_days_registrar_uid_day_pk" PRIMARY KEY("registrar_uid","day")
);
--> statement-breakpoint
CREATE TABLE "registrar_payouts" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registrar_uid" text NOT NULL,
	"month" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_uid" uuid NOT NULL,
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"lead_event_id" bigint,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registrar_uid" text NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"event_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registrar_click_days" ADD CONSTRAINT "registrar_click_days_registrar_uid_registrars_uid_fk" FOREIGN KEY ("registrar_uid") REFERENCES "public"."registrars"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrar_payouts" ADD CONSTRAINT "registrar_payouts_registrar_uid_registrars_uid_fk" FOREIGN KEY ("registrar_uid") REFERENCES "public"."registrars"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrar_payouts" ADD CONSTRAINT "registrar_payouts_recorded_by_users_uid_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_uid_webhook_endpoints_uid_fk" FOREIGN KEY ("endpoint_uid") REFERENCES "public"."webhook_endpoints"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_registrar_uid_registrars_uid_fk" FOREIGN KEY ("registrar_uid") REFERENCES "public"."registrars"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registrar_payouts_month_key" ON "registrar_payouts" USING btree ("registrar_uid","month");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_message_key" ON "webhook_deliveries" USING btree ("endpoint_uid","message_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_uid","id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_registrar_idx" ON "webhook_endpoints" USING btree ("registrar_uid");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_last_login_idx" ON "users" USING btree ("last_login");--> statement-breakpoint
CREATE INDEX "payments_refunded_idx" ON "payments" USING btree ("refunded_at");--> statement-breakpoint
CREATE INDEX "leads_registrar_paid_idx" ON "leads" USING btree ("registrar_uid","paid_at");--> statement-breakpoint
INSERT INTO "registrar_click_days" ("registrar_uid", "day", "clicks") SELECT "registrar_uid", "day", count(*)::integer FROM "registrar_clicks" GROUP BY 1, 2;