-- Alerts sent: the webhooks an administrator sets, each alert's opening and resolving to send once per channel, and the mail log's kind for them.
CREATE TABLE "alert_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" bigint NOT NULL,
	"event" text NOT NULL,
	"channel" text NOT NULL,
	"webhook_id" integer,
	"at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"answer" text,
	CONSTRAINT "alert_deliveries_event" CHECK ("alert_deliveries"."event" in ('opened', 'resolved')),
	CONSTRAINT "alert_deliveries_channel" CHECK ("alert_deliveries"."channel" in ('mail', 'webhook')),
	CONSTRAINT "alert_deliveries_status" CHECK ("alert_deliveries"."status" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "alert_webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"format" text NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_webhooks_format" CHECK ("alert_webhooks"."format" in ('json', 'slack', 'discord', 'googleChat', 'teams'))
);
--> statement-breakpoint
ALTER TABLE "mail_log" DROP CONSTRAINT "mail_log_kind";--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_webhook_id_alert_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."alert_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_once_idx" ON "alert_deliveries" USING btree ("alert_id","event","channel",coalesce("webhook_id", 0));--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" USING btree ("next_at") WHERE status in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "alert_deliveries_at_idx" ON "alert_deliveries" USING btree ("at");--> statement-breakpoint
ALTER TABLE "mail_log" ADD CONSTRAINT "mail_log_kind" CHECK ("mail_log"."kind" in ('test', 'report', 'reset', 'notice', 'sla', 'alert'));