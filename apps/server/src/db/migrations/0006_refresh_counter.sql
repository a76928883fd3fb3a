ALTER TABLE "sessions" ADD COLUMN "refresh_counter" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "rotated_at" timestamp with time zone;