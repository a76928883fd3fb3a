-- A service pack's contracted availability and the hours it counts (issue 28 §2): the providers' availability screen
-- measures each customer's links against it.
ALTER TABLE "channel_service_packs" ADD COLUMN "availability_target" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "channel_service_packs" ADD COLUMN "counted_hours" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_service_packs" ADD CONSTRAINT "channel_service_packs_hours_check" CHECK ("channel_service_packs"."counted_hours" in ('all', 'business'));--> statement-breakpoint
ALTER TABLE "channel_service_packs" ADD CONSTRAINT "channel_service_packs_target_check" CHECK ("channel_service_packs"."availability_target" is null or "channel_service_packs"."availability_target" between 0 and 100);