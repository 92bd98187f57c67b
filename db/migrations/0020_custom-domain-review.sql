ALTER TABLE "custom_domains" ADD COLUMN "approval" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_domains" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custom_domains" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_approval_check" CHECK ("custom_domains"."approval" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
-- The operator's review changes what a host means too: a rejected domain stops serving, and every
-- process forgets its host answers and TLS allow-list (0014).
DROP TRIGGER custom_domains_hosts_changed ON "custom_domains";
--> statement-breakpoint
CREATE TRIGGER custom_domains_hosts_changed AFTER INSERT OR DELETE OR UPDATE OF host, state, approval, company_id ON "custom_domains"
  FOR EACH ROW EXECUTE FUNCTION app_notify_custom_domain_hosts();
