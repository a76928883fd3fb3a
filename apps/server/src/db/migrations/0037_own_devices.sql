CREATE TABLE "own_devices" (
	"mac" text PRIMARY KEY NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"marked_by" text DEFAULT '' NOT NULL
);
