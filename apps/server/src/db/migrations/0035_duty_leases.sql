CREATE TABLE "duty_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"token" bigint NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone
);
