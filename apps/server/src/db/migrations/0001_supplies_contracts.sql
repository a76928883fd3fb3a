CREATE TABLE "contract_sites" (
	"contract_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	CONSTRAINT "contract_sites_contract_id_site_id_pk" PRIMARY KEY("contract_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"custom_id" text DEFAULT '' NOT NULL,
	"num_contract" text NOT NULL,
	"client_name" text NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"service_plans" text DEFAULT '' NOT NULL,
	"segment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"export_date" timestamp with time zone NOT NULL,
	"licence" text DEFAULT '' NOT NULL,
	"number" integer NOT NULL,
	"value" numeric(18, 2) DEFAULT 0 NOT NULL,
	"total_amount" numeric(20, 2) GENERATED ALWAYS AS (number * value) STORED NOT NULL,
	"supplier" text DEFAULT '' NOT NULL,
	"serial_num" text DEFAULT '' NOT NULL,
	"mac" text DEFAULT '' NOT NULL,
	"mac_format" text DEFAULT '' NOT NULL,
	"warranty_period" integer DEFAULT 0 NOT NULL,
	"storage_term" integer DEFAULT 0 NOT NULL,
	"warranty_landmark" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"status" text,
	"contract_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_records_kind_check" CHECK ("stock_records"."kind" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "supply_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_code" text NOT NULL,
	"name" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"number" integer DEFAULT 0 NOT NULL,
	"value" numeric(18, 2) DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_sites" ADD CONSTRAINT "contract_sites_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_sites" ADD CONSTRAINT "contract_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_records" ADD CONSTRAINT "stock_records_item_id_supply_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."supply_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_records" ADD CONSTRAINT "stock_records_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_sites_site_idx" ON "contract_sites" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_num_contract_lower_idx" ON "contracts" USING btree (lower("num_contract"));--> statement-breakpoint
CREATE INDEX "contracts_client_name_idx" ON "contracts" USING btree ("client_name");--> statement-breakpoint
CREATE INDEX "stock_records_kind_date_idx" ON "stock_records" USING btree ("kind","export_date","id");--> statement-breakpoint
CREATE INDEX "stock_records_item_kind_date_idx" ON "stock_records" USING btree ("item_id","kind","export_date");--> statement-breakpoint
CREATE INDEX "stock_records_out_serial_idx" ON "stock_records" USING btree ("serial_num") WHERE "stock_records"."kind" = 'out' and "stock_records"."serial_num" <> '';--> statement-breakpoint
CREATE INDEX "stock_records_contract_idx" ON "stock_records" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supply_items_item_code_lower_idx" ON "supply_items" USING btree (lower("item_code"));