CREATE TABLE "customer_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"sitename" text NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"uptime_lb" integer,
	"uptimes" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_push_at" timestamp with time zone,
	"prior_push_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wan_events" (
	"site_id" integer NOT NULL,
	"wan" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"provider" text NOT NULL,
	"ip" text NOT NULL,
	CONSTRAINT "wan_events_site_id_wan_at_pk" PRIMARY KEY("site_id","wan","at"),
	CONSTRAINT "wan_events_state" CHECK ("wan_events"."state" in ('up', 'down', 'unknown'))
);
--> statement-breakpoint
ALTER TABLE "wan_events" ADD CONSTRAINT "wan_events_site_id_customer_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."customer_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_sites_sitename_idx" ON "customer_sites" USING btree ("sitename");--> statement-breakpoint
CREATE INDEX "customer_sites_group_idx" ON "customer_sites" USING btree ("group_name");--> statement-breakpoint
CREATE INDEX "sites_sitename_idx" ON "sites" USING btree ("sitename");--> statement-breakpoint
-- every push updates its site's row: room in each page lets PostgreSQL update it in place (HOT), indexes untouched
ALTER TABLE "customer_sites" SET (fillfactor = 70);