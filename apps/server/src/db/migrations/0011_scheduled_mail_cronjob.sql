CREATE TABLE "cronjob_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"site" text NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"restored_from" integer,
	"delivery" text NOT NULL,
	"delivery_message" text DEFAULT '' NOT NULL,
	CONSTRAINT "cronjob_files_delivery" CHECK ("cronjob_files"."delivery" in ('delivered', 'failed', 'notConfigured'))
);
--> statement-breakpoint
CREATE TABLE "mail_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"to" text[] NOT NULL,
	"cc" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text NOT NULL,
	"ok" boolean NOT NULL,
	"code" text NOT NULL,
	"params" jsonb,
	"response" text NOT NULL,
	"run_at" timestamp with time zone,
	"actor" text,
	CONSTRAINT "mail_log_kind" CHECK ("mail_log"."kind" in ('test', 'report', 'reset'))
);
--> statement-breakpoint
CREATE TABLE "mail_runs" (
	"at" timestamp with time zone PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"log_id" integer,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_runs_status" CHECK ("mail_runs"."status" in ('running', 'sent', 'failed', 'missed'))
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mail_runs" ADD CONSTRAINT "mail_runs_log_id_mail_log_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."mail_log"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cronjob_files_site_version_idx" ON "cronjob_files" USING btree ("site","version");--> statement-breakpoint
CREATE INDEX "mail_log_at_idx" ON "mail_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");