CREATE TABLE "company_backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" text,
	"storage_key" text NOT NULL,
	"size_bytes" bigint,
	"file_count" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "company_backups_status_check" CHECK ("company_backups"."status" in ('running', 'ready', 'failed')),
	CONSTRAINT "company_backups_trigger_check" CHECK ("company_backups"."trigger" in ('nightly', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "company_backups" ADD CONSTRAINT "company_backups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_backups_company_created_idx" ON "company_backups" USING btree ("company_id","created_at");--> statement-breakpoint
-- A company's rows like any other (migration 0001): its admins see only their own archives.
ALTER TABLE "company_backups" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "company_backups" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "company_backups"
  USING (app_bypasses_rls() OR company_id = app_current_company())
  WITH CHECK (app_bypasses_rls() OR company_id = app_current_company());
