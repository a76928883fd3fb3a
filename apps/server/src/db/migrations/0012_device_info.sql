CREATE TABLE "device_info" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer,
	"site_id" integer,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_info" ADD CONSTRAINT "device_info_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_info" ADD CONSTRAINT "device_info_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_info_contract_idx" ON "device_info" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "device_info_site_idx" ON "device_info" USING btree ("site_id");