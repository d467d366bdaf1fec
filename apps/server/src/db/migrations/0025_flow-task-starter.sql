ALTER TABLE "flow_task" ADD COLUMN "starter_may_act" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Tasks opened before the rule: one given straight to its instance's starter (not claimed) was given so by its definition (the leave's 调整申请 is `${applyUser}`).
UPDATE "flow_task" SET "starter_may_act" = true FROM "flow_instance" WHERE "flow_task"."instance_id" = "flow_instance"."id" AND "flow_task"."state" = 'open' AND "flow_task"."claim_time" IS NULL AND "flow_task"."assignee_id" = "flow_instance"."start_user_id";
