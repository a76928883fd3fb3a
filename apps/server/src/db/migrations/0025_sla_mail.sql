-- The monthly mail of the providers' availability report (issue 28 §2): the scheduled mails' times are kept per job
-- (the customer report's schedule, the monthly report), the send log knows the new kind and the customer a report was
-- for.
ALTER TABLE "mail_runs" ADD COLUMN "job" text DEFAULT 'report' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_runs" DROP CONSTRAINT "mail_runs_pkey";--> statement-breakpoint
ALTER TABLE "mail_runs" ADD CONSTRAINT "mail_runs_job_at_pk" PRIMARY KEY("job","at");--> statement-breakpoint
ALTER TABLE "mail_runs" ADD CONSTRAINT "mail_runs_job" CHECK ("mail_runs"."job" in ('report', 'sla'));--> statement-breakpoint
ALTER TABLE "mail_log" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "mail_log" DROP CONSTRAINT "mail_log_kind";--> statement-breakpoint
ALTER TABLE "mail_log" ADD CONSTRAINT "mail_log_kind" CHECK ("mail_log"."kind" in ('test', 'report', 'reset', 'notice', 'sla'));
