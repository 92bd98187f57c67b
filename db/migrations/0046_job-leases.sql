-- The tries of background jobs under way, each renewed every few seconds by the worker process
-- that runs it (app/jobs/job-leases.server.ts): a lease left unrenewed means its worker died, and
-- its try goes back to the queue within seconds instead of after the try's 15-minute expiry.
CREATE TABLE "job_leases" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"try" integer NOT NULL,
	"holder" text NOT NULL,
	"renewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
