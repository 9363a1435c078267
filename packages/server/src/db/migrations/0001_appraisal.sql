CREATE TABLE "appraisal_cache" (
	"domain" text NOT NULL,
	"version" text NOT NULL,
	"record" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appraisal_cache_domain_version_pk" PRIMARY KEY("domain","version")
);
--> statement-breakpoint
CREATE TABLE "appraisal_certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"user_uid" uuid,
	"domain" text NOT NULL,
	"record" jsonb NOT NULL,
	"channel" text NOT NULL,
	"share_token_hash" text,
	"share_expires_at" timestamp with time zone,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appraisal_counters" (
	"subject" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "appraisal_counters_subject_day_pk" PRIMARY KEY("subject","day")
);
--> statement-breakpoint
CREATE TABLE "appraisal_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"day" date NOT NULL,
	"domain" text NOT NULL,
	"user_uid" uuid,
	"device_id" text,
	"counted" boolean DEFAULT true NOT NULL,
	"referrer_url" text,
	"record" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibit_conditions" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"description_uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text DEFAULT 'ExhibitB' NOT NULL,
	"category_id" text NOT NULL,
	"condition" text NOT NULL,
	"category_name" text NOT NULL,
	"percentage" integer NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manual_appraisals" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain_name" text NOT NULL,
	"manual_value" integer DEFAULT 0 NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_job_runs" (
	"job" text NOT NULL,
	"period" text NOT NULL,
	"holder" text NOT NULL,
	"result" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scheduled_job_runs_job_period_pk" PRIMARY KEY("job","period")
);
--> statement-breakpoint
CREATE TABLE "scheduler_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "appraisal_certificates" ADD CONSTRAINT "appraisal_certificates_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_history" ADD CONSTRAINT "appraisal_history_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibit_conditions" ADD CONSTRAINT "exhibit_conditions_updated_by_users_uid_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_appraisals" ADD CONSTRAINT "manual_appraisals_created_by_users_uid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appraisal_certificates_share_key" ON "appraisal_certificates" USING btree ("share_token_hash");--> statement-breakpoint
CREATE INDEX "appraisal_certificates_user_idx" ON "appraisal_certificates" USING btree ("user_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "appraisal_history_subject_day_domain_key" ON "appraisal_history" USING btree ("subject","day","domain");--> statement-breakpoint
CREATE INDEX "appraisal_history_user_idx" ON "appraisal_history" USING btree ("user_uid","created_at");--> statement-breakpoint
CREATE INDEX "appraisal_history_device_idx" ON "appraisal_history" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exhibit_conditions_type_category_key" ON "exhibit_conditions" USING btree ("type","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "manual_appraisals_domain_key" ON "manual_appraisals" USING btree ("domain_name");--> statement-breakpoint
CREATE INDEX "manual_appraisals_created_idx" ON "manual_appraisals" USING btree ("created_at");