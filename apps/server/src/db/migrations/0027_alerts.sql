-- Alerts: the administrators' rules of each kind, and the alerts (pending, open, resolved), one unresolved per kind and subject.
CREATE TABLE "alert_rules" (
	"kind" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"hold_minutes" integer NOT NULL,
	"clear_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"site" text,
	"customer_id" integer,
	"audience" text DEFAULT 'site' NOT NULL,
	"params" jsonb NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"clear_since" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"acked_at" timestamp with time zone,
	"acked_by" text,
	"ack_note" text,
	"muted_until" timestamp with time zone,
	CONSTRAINT "alerts_audience" CHECK ("alerts"."audience" in ('site', 'staff', 'admin'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_one_unresolved_idx" ON "alerts" USING btree ("kind","subject") WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "alerts_open_idx" ON "alerts" USING btree ("opened_at") WHERE resolved_at is null and opened_at is not null;--> statement-breakpoint
CREATE INDEX "alerts_resolved_idx" ON "alerts" USING btree ("resolved_at");