CREATE TABLE "custom_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"host" text NOT NULL,
	"token" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tls_state" text DEFAULT 'pending' NOT NULL,
	"checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_domains_host_unique" UNIQUE("host"),
	CONSTRAINT "custom_domains_state_check" CHECK ("custom_domains"."state" in ('pending', 'invalid', 'conflicting', 'verified')),
	CONSTRAINT "custom_domains_tls_state_check" CHECK ("custom_domains"."tls_state" in ('pending', 'active'))
);
--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_domains_company_idx" ON "custom_domains" USING btree ("company_id");--> statement-breakpoint
-- A company's rows like any other (migration 0001): its admins see only their own domains.
ALTER TABLE "custom_domains" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "custom_domains" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "custom_domains"
  USING (app_bypasses_rls() OR company_id = app_current_company())
  WITH CHECK (app_bypasses_rls() OR company_id = app_current_company());
--> statement-breakpoint
-- What a host means changed: every process forgets its host answers and TLS allow-list (0007).
CREATE OR REPLACE FUNCTION app_notify_custom_domain_hosts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('company_hosts', coalesce(NEW.company_id, OLD.company_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER custom_domains_hosts_changed AFTER INSERT OR DELETE OR UPDATE OF host, state, company_id ON "custom_domains"
  FOR EACH ROW EXECUTE FUNCTION app_notify_custom_domain_hosts();
