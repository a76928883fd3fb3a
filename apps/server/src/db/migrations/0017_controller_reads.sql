-- unlogged: a cache shared by the instances, not data (lost on a crash, rebuilt by the next reads)
CREATE UNLOGGED TABLE "controller_reads" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb,
	"fetched_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"lease_owner" text
);
