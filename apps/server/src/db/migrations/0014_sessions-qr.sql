CREATE TABLE "qr_login" (
	"ticket" varchar(36) PRIMARY KEY NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"user_id" bigint,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(255) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "ip" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "user_agent" varchar(255) DEFAULT '' NOT NULL;