CREATE TABLE "login_failure" (
	"tenant_id" varchar(12) NOT NULL,
	"account" varchar(64) NOT NULL,
	"source" varchar(64) NOT NULL,
	"fail_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_failure_tenant_id_account_source_pk" PRIMARY KEY("tenant_id","account","source")
);
