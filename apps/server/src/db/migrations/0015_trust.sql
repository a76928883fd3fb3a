CREATE TABLE "device_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"sitename" text NOT NULL,
	"token_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "terminal_host_approvals" (
	"device_info_id" integer NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"source" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	CONSTRAINT "terminal_host_approvals_device_info_id_host_port_pk" PRIMARY KEY("device_info_id","host","port"),
	CONSTRAINT "terminal_host_approvals_state" CHECK ("terminal_host_approvals"."state" in ('pending', 'approved'))
);
--> statement-breakpoint
ALTER TABLE "mail_log" DROP CONSTRAINT "mail_log_kind";--> statement-breakpoint
ALTER TABLE "terminal_host_approvals" ADD CONSTRAINT "terminal_host_approvals_device_info_id_device_info_id_fk" FOREIGN KEY ("device_info_id") REFERENCES "public"."device_info"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_tokens_hash_idx" ON "device_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "device_tokens_site_idx" ON "device_tokens" USING btree ("sitename");--> statement-breakpoint
ALTER TABLE "mail_log" ADD CONSTRAINT "mail_log_kind" CHECK ("mail_log"."kind" in ('test', 'report', 'reset', 'notice'));