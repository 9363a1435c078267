CREATE TABLE "sandbox_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"scenario" text NOT NULL,
	"client_secret" text NOT NULL,
	"last_error" jsonb,
	"metadata" jsonb NOT NULL,
	"description" text,
	"created_at" timestamp with time zone NOT NULL,
	"succeeded_at" timestamp with time zone,
	CONSTRAINT "sandbox_payment_intents_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"scenario" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_payment_intent_id_sandbox_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."sandbox_payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_events_created_idx" ON "sandbox_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sandbox_payment_intents_succeeded_idx" ON "sandbox_payment_intents" USING btree ("succeeded_at");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_intent_idx" ON "sandbox_refunds" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_created_idx" ON "sandbox_refunds" USING btree ("created_at");