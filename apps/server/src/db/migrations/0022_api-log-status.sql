DROP INDEX "api_log_failed_idx";--> statement-breakpoint
CREATE INDEX "api_log_status_idx" ON "api_log" USING btree ("tenant_id","status","id" DESC NULLS LAST);