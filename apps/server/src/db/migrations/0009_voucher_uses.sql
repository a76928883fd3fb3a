CREATE TABLE "voucher_uses" (
	"site" text NOT NULL,
	"voucher_id" text NOT NULL,
	"slot" integer NOT NULL,
	"mac" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "voucher_uses_site_voucher_id_slot_pk" PRIMARY KEY("site","voucher_id","slot")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_uses_device" ON "voucher_uses" USING btree ("site","voucher_id","mac");