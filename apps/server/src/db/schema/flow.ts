import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ref } from './common';

/** A process model drawn in the modeller: BPMN XML, saved again and again before it is deployed. */
export const flowModel = pgTable(
  'flow_model',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    modelKey: varchar('model_key', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    /** one more at every save */
    version: integer('version').notNull().default(1),
    xml: text('xml').notNull(),
    ...audit,
  },
  (t) => [
    uniqueIndex('flow_model_key_idx')
      .on(t.tenantId, t.modelKey)
      .where(sql`${t.isDeleted} = 0`),
  ],
);

/** One deployment: the files deployed together (their definitions go with it when it is deleted). */
export const flowDeployment = pgTable('flow_deployment', {
  id: id(),
  tenantId: varchar('tenant_id', { length: 12 }).notNull(),
  name: varchar('name', { length: 255 }).notNull(),
  category: varchar('category', { length: 64 }).notNull().default(''),
  deployTime: timestamp('deploy_time', { withTimezone: true }).notNull().defaultNow(),
  createUser: ref('create_user'),
});

/**
 * A deployed process definition: each deployment of a key is its next version, and an
 * instance keeps the version it started with (its engine state holds the parsed definition).
 */
export const flowDefinition = pgTable(
  'flow_definition',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    deploymentId: ref('deployment_id').notNull(),
    processKey: varchar('process_key', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    category: varchar('category', { length: 64 }).notNull().default(''),
    version: integer('version').notNull(),
    xml: text('xml').notNull(),
    resourceName: varchar('resource_name', { length: 255 }).notNull(),
    /** 1 active, 2 suspended: a suspended definition starts nothing */
    suspensionState: integer('suspension_state').notNull().default(1),
    /** its deployment was deleted; kept while finished instances refer to it */
    deleted: boolean('deleted').notNull().default(false),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('flow_definition_version_idx').on(t.tenantId, t.processKey, t.version), index('flow_definition_deployment_idx').on(t.deploymentId)],
);

/**
 * A process instance. `engineState` is the engine's whole state after its last step (saved in
 * the step's transaction), so a restart or another server instance continues where it stopped.
 */
export const flowInstance = pgTable(
  'flow_instance',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    definitionId: ref('definition_id').notNull(),
    businessTable: varchar('business_table', { length: 64 }).notNull().default(''),
    businessId: varchar('business_id', { length: 64 }).notNull().default(''),
    startUserId: ref('start_user_id').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    endTime: timestamp('end_time', { withTimezone: true }),
    /** running, completed, deleted, failed (a step went past a budget of platform/flow/budgets.ts) */
    state: varchar('state', { length: 16 }).notNull().default('running'),
    /** why it was deleted, or why it failed */
    deleteReason: varchar('delete_reason', { length: 500 }).notNull().default(''),
    variables: jsonb('variables').$type<Record<string, unknown>>().notNull().default({}),
    engineState: jsonb('engine_state').$type<object>(),
    /** when its next timer is due (a job resumes it then) */
    dueAt: timestamp('due_at', { withTimezone: true }),
  },
  (t) => [index('flow_instance_starter_idx').on(t.tenantId, t.startUserId, t.id.desc()), index('flow_instance_definition_idx').on(t.definitionId, t.state)],
);

/** A user task: open until completed (by its assignee) or cancelled (its process moved on without it). */
export const flowTask = pgTable(
  'flow_task',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    instanceId: ref('instance_id').notNull(),
    /** the engine's execution id of the waiting activity */
    executionId: varchar('execution_id', { length: 128 }).notNull(),
    taskKey: varchar('task_key', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    formKey: varchar('form_key', { length: 128 }).notNull().default(''),
    assigneeId: ref('assignee_id'),
    /** user ids */
    candidateUsers: text('candidate_users')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** role aliases, or `dept:<id>` */
    candidateGroups: text('candidate_groups')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** open, completed, cancelled */
    state: varchar('state', { length: 16 }).notNull().default('open'),
    /** its definition lets the instance's starter claim and complete it (platform/flow/engine.ts `ownRequest`) */
    starterMayAct: boolean('starter_may_act').notNull().default(false),
    pass: boolean('pass'),
    comment: varchar('comment', { length: 1000 }).notNull().default(''),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    claimTime: timestamp('claim_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('flow_task_execution_idx').on(t.instanceId, t.executionId),
    index('flow_task_assignee_idx').on(t.tenantId, t.assigneeId, t.state),
    index('flow_task_open_idx')
      .on(t.tenantId, t.id.desc())
      .where(sql`${t.state} = 'open' AND ${t.assigneeId} IS NULL`),
  ],
);

/** What an instance went through: every activity entered and every sequence flow taken. */
export const flowHistory = pgTable(
  'flow_history',
  {
    id: id(),
    instanceId: ref('instance_id').notNull(),
    executionId: varchar('execution_id', { length: 128 }).notNull(),
    activityId: varchar('activity_id', { length: 128 }).notNull(),
    activityName: varchar('activity_name', { length: 128 }).notNull().default(''),
    /** the bpmn type without its prefix, e.g. userTask, sequenceFlow */
    activityType: varchar('activity_type', { length: 64 }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    endTime: timestamp('end_time', { withTimezone: true }),
  },
  (t) => [uniqueIndex('flow_history_execution_idx').on(t.instanceId, t.executionId)],
);

/** A leave request (the family's process_leave): its process instance carries the approval. */
export const processLeave = pgTable(
  'process_leave',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    processDefinitionId: ref('process_definition_id').notNull(),
    processInstanceId: ref('process_instance_id'),
    leaveType: varchar('leave_type', { length: 8 }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    /** the approver */
    taskUser: ref('task_user').notNull(),
    applyTime: timestamp('apply_time', { withTimezone: true }).notNull().defaultNow(),
    ...audit,
  },
  (t) => [index('process_leave_user_idx').on(t.tenantId, t.createUser)],
);
