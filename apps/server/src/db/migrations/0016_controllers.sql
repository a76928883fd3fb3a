CREATE TABLE "controllers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"flavor" text DEFAULT 'auto' NOT NULL,
	"sign_in" text DEFAULT 'account' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password" text DEFAULT '' NOT NULL,
	"api_key" text DEFAULT '' NOT NULL,
	"verify_tls" boolean DEFAULT true NOT NULL,
	"timeout_seconds" integer DEFAULT 10 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "controller_id" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "controller_site" text;--> statement-breakpoint
CREATE UNIQUE INDEX "controllers_url_idx" ON "controllers" USING btree ("url");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sites_controller_idx" ON "sites" USING btree ("controller_id","controller_site");--> statement-breakpoint
-- the controller the Parameter tab held becomes the first controller (its password moves as it is, still encrypted);
-- the parameters row keeps only what is not the controller's
INSERT INTO "controllers" ("name", "url", "username", "password", "verify_tls")
SELECT coalesce(substring("value"->>'urlUbnt' from '://([^/:]+)'), 'UniFi'), "value"->>'urlUbnt', coalesce("value"->>'usernameUbnt', ''), coalesce("value"->>'pwUbnt', ''),
  coalesce(("value"->>'verifyTls')::boolean, true)
FROM "settings" WHERE "key" = 'parameters' AND coalesce("value"->>'urlUbnt', '') <> '';--> statement-breakpoint
UPDATE "settings" SET "value" = "value" - 'urlUbnt' - 'usernameUbnt' - 'pwUbnt' - 'verifyTls' WHERE "key" = 'parameters';
