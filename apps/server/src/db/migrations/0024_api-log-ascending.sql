DROP INDEX "api_log_tenant_idx";--> statement-breakpoint
DROP INDEX "api_log_status_idx";--> statement-breakpoint
DROP INDEX "error_log_tenant_idx";--> statement-breakpoint
CREATE INDEX "api_log_tenant_idx" ON "api_log" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "api_log_status_idx" ON "api_log" USING btree ("tenant_id","status","id") WHERE "api_log"."status" <> 200;--> statement-breakpoint
CREATE INDEX "error_log_tenant_idx" ON "error_log" USING btree ("tenant_id","id");