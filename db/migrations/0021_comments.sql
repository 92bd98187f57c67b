CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"content_item_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"visitor_hash" text,
	"language" text,
	"moderated_by" text,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_status_check" CHECK ("comments"."status" in ('pending', 'approved', 'hidden'))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "comments_auto_approve" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_content_item_id_content_items_id_fk" FOREIGN KEY ("content_item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_company_status_created_idx" ON "comments" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "comments_content_status_created_idx" ON "comments" USING btree ("content_item_id","status","created_at");--> statement-breakpoint
-- A company's rows like any other (migration 0001): its team sees only its own fans' comments.
ALTER TABLE "comments" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "comments" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "comments"
  USING (app_bypasses_rls() OR company_id = app_current_company())
  WITH CHECK (app_bypasses_rls() OR company_id = app_current_company());
--> statement-breakpoint
-- Fans' reads (migration 0007): approved comments of published items, nothing else.
CREATE POLICY public_read ON "comments" FOR SELECT
  USING (app_reads_public(company_id) AND status = 'approved'
         AND EXISTS (SELECT 1 FROM content_items ci WHERE ci.id = comments.content_item_id AND ci.status = 'published'));
--> statement-breakpoint
-- Approved comments are part of the fans' pages, which are cached per company version
-- (migration 0008): a comment coming into or going out of sight is a change fans can see.
-- Pending and hidden ones are not, so a flood of submissions awaiting review leaves the cache be.
CREATE OR REPLACE FUNCTION app_comments_public_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM app_public_changed(ARRAY(SELECT DISTINCT company_id FROM new_rows WHERE status = 'approved'), false);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM app_public_changed(ARRAY(SELECT DISTINCT company_id FROM old_rows WHERE status = 'approved'), false);
  ELSE
    PERFORM app_public_changed(ARRAY(
      SELECT DISTINCT n.company_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.status = 'approved' OR o.status = 'approved')
        AND (n.status, n.name, n.body) IS DISTINCT FROM (o.status, o.name, o.body)
    ), false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER comments_public_insert AFTER INSERT ON "comments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_comments_public_change();
--> statement-breakpoint
CREATE TRIGGER comments_public_update AFTER UPDATE ON "comments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_comments_public_change();
--> statement-breakpoint
CREATE TRIGGER comments_public_delete AFTER DELETE ON "comments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_comments_public_change();
