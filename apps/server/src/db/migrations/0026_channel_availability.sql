-- A leased channel's own contracted availability and its hours (issue 28 §2), over its service pack's: the providers'
-- availability holds the customer's links to it.
ALTER TABLE "channel_attributes" ADD COLUMN "availability_target" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "channel_attributes" ADD COLUMN "counted_hours" text;--> statement-breakpoint
ALTER TABLE "channel_attributes" ADD CONSTRAINT "channel_attributes_counted_hours_check" CHECK ("channel_attributes"."counted_hours" in ('all', 'business'));