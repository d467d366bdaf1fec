CREATE TABLE "file_chunk" (
	"part" varchar(32) NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_chunk_part_seq_pk" PRIMARY KEY("part","seq")
);
--> statement-breakpoint
CREATE TABLE "file_object" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"part" varchar(32) NOT NULL,
	"size" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "file_chunk_create_time" ON "file_chunk" USING btree ("create_time");