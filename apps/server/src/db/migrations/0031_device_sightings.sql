-- Where each device was seen online, for the warehouse's reconciliation with the network; the scans' state; the
-- stock-outs by MAC and by serial in any case.
CREATE TABLE "device_sightings" (
	"mac" text NOT NULL,
	"site_id" integer NOT NULL,
	"serial" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "device_sightings_mac_site_id_pk" PRIMARY KEY("mac","site_id"),
	CONSTRAINT "device_sightings_kind_check" CHECK ("device_sightings"."kind" in ('device', 'client'))
);
--> statement-breakpoint
CREATE TABLE "sighting_scans" (
	"id" integer PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"online_from" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"sites" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_sightings" ADD CONSTRAINT "device_sightings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_sightings_serial_idx" ON "device_sightings" USING btree ("serial") WHERE "device_sightings"."serial" <> '';--> statement-breakpoint
CREATE INDEX "device_sightings_site_idx" ON "device_sightings" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "stock_records_out_mac_idx" ON "stock_records" USING btree ("mac") WHERE "stock_records"."kind" = 'out' and "stock_records"."mac" <> '';--> statement-breakpoint
CREATE INDEX "stock_records_out_serial_upper_idx" ON "stock_records" USING btree (upper(trim("serial_num"))) WHERE "stock_records"."kind" = 'out' and trim("stock_records"."serial_num") <> '';