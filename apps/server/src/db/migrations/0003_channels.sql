CREATE TABLE "channel_attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'offline' NOT NULL,
	"customer" text DEFAULT '' NOT NULL,
	"virtual_num" text DEFAULT '' NOT NULL,
	"username_pppoe" text DEFAULT '' NOT NULL,
	"service_pack_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_attributes_status_check" CHECK ("channel_attributes"."status" in ('online', 'offline', 'moved', 'paused', 'pending', 'suspend'))
);
--> statement-breakpoint
CREATE TABLE "channel_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"attribute_id" integer NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_service_packs" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"service_pack" text NOT NULL,
	"value" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_attributes" ADD CONSTRAINT "channel_attributes_service_pack_id_channel_service_packs_id_fk" FOREIGN KEY ("service_pack_id") REFERENCES "public"."channel_service_packs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_service_packs" ADD CONSTRAINT "channel_service_packs_provider_id_channel_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."channel_providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_attributes_status_idx" ON "channel_attributes" USING btree ("status");--> statement-breakpoint
CREATE INDEX "channel_attributes_service_pack_idx" ON "channel_attributes" USING btree ("service_pack_id");--> statement-breakpoint
CREATE INDEX "channel_history_attribute_at_idx" ON "channel_history" USING btree ("attribute_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_providers_name_lower_idx" ON "channel_providers" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "channel_service_packs_provider_pack_idx" ON "channel_service_packs" USING btree ("provider_id",lower("service_pack"));