CREATE TABLE "rate_limit" (
	"key" varchar(512) PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" bigint NOT NULL
);
