ALTER TABLE "companies" DROP COLUMN "landing_title";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "landing_description";