ALTER TABLE "companies" ADD COLUMN "closed_at" timestamp with time zone;
--> statement-breakpoint
-- A closed account's pages are offline at once (ADR 064). Names inside the functions are
-- schema-qualified: a policy's function body is resolved at run time, and pg_dump runs with an
-- empty search_path. Reads for one company (its pages)
-- are fenced by the application, which resolves the company first and answers "not found" for
-- a closed one; reads that name no company (a rendition, a stream, a download, a link preview,
-- /player/{id}, /event/{slug}) let nothing of a closed company through. Checked only for those,
-- so the pages' own reads cost what they did.
CREATE OR REPLACE FUNCTION app_company_is_open(company text) RETURNS boolean
  LANGUAGE sql STABLE AS $$ SELECT NOT EXISTS (SELECT 1 FROM public.companies c WHERE c.id = company AND c.closed_at IS NOT NULL) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_reads_public(row_company text) RETURNS boolean
  LANGUAGE sql STABLE AS $$
    SELECT coalesce(current_setting('app.public_read', true), '') = 'on'
      AND CASE WHEN nullif(current_setting('app.public_company', true), '') IS NULL THEN public.app_company_is_open(row_company)
               ELSE row_company = current_setting('app.public_company', true) END
  $$;
--> statement-breakpoint
-- The audit trail stays append-only, with the one exception the privacy policy promises: it is
-- kept "for as long as the company account exists". The retention job, erasing a closed
-- account, names the company (app.erase_company) in the transaction that deleted its row; only
-- then do that company's entries go. A company that exists keeps its whole trail.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.company_id IS NOT NULL
     AND OLD.company_id = nullif(current_setting('app.erase_company', true), '')
     AND NOT EXISTS (SELECT 1 FROM public.companies WHERE id = OLD.company_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only';
END $$;
