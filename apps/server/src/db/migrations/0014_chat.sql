CREATE TABLE "chat_channels" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_one" integer NOT NULL,
	"user_two" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_channels_order" CHECK ("chat_channels"."user_one" < "chat_channels"."user_two")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" uuid NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"contents" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_presence" (
	"user_id" integer NOT NULL,
	"instance" text NOT NULL,
	"online" boolean NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_presence_user_id_instance_pk" PRIMARY KEY("user_id","instance")
);
--> statement-breakpoint
CREATE TABLE "chat_reads" (
	"channel" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_id" integer NOT NULL,
	CONSTRAINT "chat_reads_channel_user_id_pk" PRIMARY KEY("channel","user_id")
);
--> statement-breakpoint
CREATE TABLE "socket_io_attachments" (
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" "bytea",
	CONSTRAINT "socket_io_attachments_id_unique" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "chat_channels" ADD CONSTRAINT "chat_channels_user_one_users_id_fk" FOREIGN KEY ("user_one") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_channels" ADD CONSTRAINT "chat_channels_user_two_users_id_fk" FOREIGN KEY ("user_two") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_channel_chat_channels_uuid_fk" FOREIGN KEY ("channel") REFERENCES "public"."chat_channels"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_presence" ADD CONSTRAINT "chat_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_channel_chat_channels_uuid_fk" FOREIGN KEY ("channel") REFERENCES "public"."chat_channels"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_channels_pair_idx" ON "chat_channels" USING btree ("user_one","user_two");--> statement-breakpoint
CREATE INDEX "chat_channels_two_idx" ON "chat_channels" USING btree ("user_two");--> statement-breakpoint
CREATE INDEX "chat_messages_channel_idx" ON "chat_messages" USING btree ("channel","id");--> statement-breakpoint
CREATE INDEX "chat_messages_to_idx" ON "chat_messages" USING btree ("to_user_id","id");--> statement-breakpoint
CREATE INDEX "chat_presence_instance_idx" ON "chat_presence" USING btree ("instance");