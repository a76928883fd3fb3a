CREATE TABLE "ssh_host_keys" (
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pinned_by" text NOT NULL,
	"offered_fingerprint" text,
	"offered_at" timestamp with time zone,
	CONSTRAINT "ssh_host_keys_host_port_pk" PRIMARY KEY("host","port")
);
--> statement-breakpoint
CREATE TABLE "terminal_chunks" (
	"session_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" text NOT NULL,
	CONSTRAINT "terminal_chunks_session_id_seq_pk" PRIMARY KEY("session_id","seq")
);
--> statement-breakpoint
CREATE TABLE "terminal_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"actor_name" text NOT NULL,
	"device_info_id" integer,
	"site" text DEFAULT '' NOT NULL,
	"customer" text DEFAULT '' NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"ssh_user" text NOT NULL,
	"cols" integer NOT NULL,
	"rows" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"active_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"bytes_in" bigint DEFAULT 0 NOT NULL,
	"bytes_out" bigint DEFAULT 0 NOT NULL,
	"close_reason" text,
	"recorded_bytes" integer DEFAULT 0 NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "terminal_chunks" ADD CONSTRAINT "terminal_chunks_session_id_terminal_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."terminal_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_sessions" ADD CONSTRAINT "terminal_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminal_sessions_started_idx" ON "terminal_sessions" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "terminal_sessions_user_idx" ON "terminal_sessions" USING btree ("user_id");