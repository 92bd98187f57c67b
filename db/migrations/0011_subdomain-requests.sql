ALTER TABLE "companies" ADD COLUMN "subdomain_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "subdomain_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "subdomain_rejection_reason" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "subdomain_dns_state" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "subdomain_dns_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "subdomain_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "subdomain_last_error" text;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_subdomain_dns_state_check" CHECK ("companies"."subdomain_dns_state" in ('configured', 'not-found', 'waiting-verification', 'needs-configuration'));--> statement-breakpoint
-- A DNS check's bookkeeping is not something fans see: it must not make every fan's cached page
-- stale (server/public-page-cache.ts). Every other change to the company's row still counts.
CREATE OR REPLACE FUNCTION app_bump_company_public_version() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  unseen constant text[] := ARRAY['public_version', 'public_media_version', 'subdomain_dns_state', 'subdomain_dns_checked_at', 'subdomain_attempts', 'subdomain_last_error'];
BEGIN
  IF (to_jsonb(NEW) - unseen) <> (to_jsonb(OLD) - unseen) THEN
    NEW.public_version := OLD.public_version + 1;
    PERFORM pg_notify('public_changes', NEW.id);
  END IF;
  RETURN NEW;
END $$;
