DROP INDEX "channel_details_deploy_date_idx";--> statement-breakpoint
ALTER TABLE "channel_details" ADD COLUMN "status" text DEFAULT 'offline' NOT NULL;--> statement-breakpoint
CREATE INDEX "channel_details_deploy_idx" ON "channel_details" USING btree ("deploy_request_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "channel_details_status_deploy_idx" ON "channel_details" USING btree ("status","deploy_request_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
UPDATE "channel_details" d SET "status" = a."status" FROM "channel_attributes" a WHERE a."id" = d."attribute_id";--> statement-breakpoint
CREATE FUNCTION "channel_details_take_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."status" := (SELECT a."status" FROM "channel_attributes" a WHERE a."id" = NEW."attribute_id");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "channel_details_take_status" BEFORE INSERT OR UPDATE OF "attribute_id", "status" ON "channel_details"
  FOR EACH ROW EXECUTE FUNCTION "channel_details_take_status"();--> statement-breakpoint
CREATE FUNCTION "channel_attributes_give_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "channel_details" SET "status" = NEW."status" WHERE "attribute_id" = NEW."id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "channel_attributes_give_status" AFTER UPDATE OF "status" ON "channel_attributes"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "channel_attributes_give_status"();
