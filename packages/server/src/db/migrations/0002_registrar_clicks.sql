CREATE TABLE "registrar_clicks" (
	"registrar_uid" text NOT NULL,
	"domain_name" text NOT NULL,
	"visitor_key" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registrar_clicks" ADD CONSTRAINT "registrar_clicks_registrar_uid_registrars_uid_fk" FOREIGN KEY ("registrar_uid") REFERENCES "public"."registrars"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registrar_clicks_once_a_day" ON "registrar_clicks" USING btree ("registrar_uid","domain_name","visitor_key","day");--> statement-breakpoint
CREATE INDEX "registrar_clicks_registrar_day_idx" ON "registrar_clicks" USING btree ("registrar_uid","day");