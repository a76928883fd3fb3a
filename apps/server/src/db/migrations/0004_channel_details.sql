CREATE TABLE "channel_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"attribute_id" integer NOT NULL,
	"contract_id" integer,
	"fees" numeric(18, 2),
	"router_type" text DEFAULT '' NOT NULL,
	"ip_address" text DEFAULT '' NOT NULL,
	"ip_type" text DEFAULT '' NOT NULL,
	"customer_move" text DEFAULT '' NOT NULL,
	"date_request_stop" timestamp with time zone,
	"date_online" timestamp with time zone,
	"date_stop" timestamp with time zone,
	"date_online_request" timestamp with time zone,
	"device_status" text DEFAULT '' NOT NULL,
	"date_acceptance" timestamp with time zone,
	"deploy_request_date" timestamp with time zone,
	"regional_engineer" text DEFAULT '' NOT NULL,
	"votes_require" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_details" ADD CONSTRAINT "channel_details_attribute_id_channel_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."channel_attributes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_details" ADD CONSTRAINT "channel_details_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_details_attribute_idx" ON "channel_details" USING btree ("attribute_id");--> statement-breakpoint
CREATE INDEX "channel_details_contract_idx" ON "channel_details" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "channel_details_deploy_date_idx" ON "channel_details" USING btree ("deploy_request_date","id");