CREATE TABLE "voucher_uses" (
	"site" text NOT NULL,
	"voucher_id" text NOT NULL,
	"mac" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "voucher_uses_site_voucher_id_mac_pk" PRIMARY KEY("site","voucher_id","mac")
);
