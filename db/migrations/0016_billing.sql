CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"subscription_id" text,
	"plan" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"unit_amount" integer NOT NULL,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"past_due_since" timestamp with time zone,
	"billing_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_company_id_unique" UNIQUE("company_id"),
	CONSTRAINT "subscriptions_subscription_id_unique" UNIQUE("subscription_id"),
	CONSTRAINT "subscriptions_provider_check" CHECK ("subscriptions"."provider" in ('stripe', 'test')),
	CONSTRAINT "subscriptions_plan_check" CHECK ("subscriptions"."plan" in ('starter', 'professional', 'enterprise')),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('incomplete', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'incomplete_expired', 'paused')),
	CONSTRAINT "subscriptions_currency_check" CHECK ("subscriptions"."currency" in ('USD', 'EUR', 'BRL'))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "plan_valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "trial_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "trial_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A company's rows like any other (migration 0001): its admins see only their own subscription.
ALTER TABLE "subscriptions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "subscriptions" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "subscriptions"
  USING (app_bypasses_rls() OR company_id = app_current_company())
  WITH CHECK (app_bypasses_rls() OR company_id = app_current_company());
