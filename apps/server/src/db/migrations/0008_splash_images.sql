CREATE TABLE "splash_images" (
	"site" text NOT NULL,
	"kind" text NOT NULL,
	"n" integer NOT NULL,
	"png" "bytea" NOT NULL,
	"etag" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "splash_images_site_kind_pk" PRIMARY KEY("site","kind"),
	CONSTRAINT "splash_images_kind" CHECK ("splash_images"."kind" in ('desktop', 'mobile'))
);
