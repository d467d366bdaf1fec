DROP INDEX "api_log_request_idx";--> statement-breakpoint
CREATE INDEX "api_log_request_idx" ON "api_log" USING hash ("request_id");