import { eq } from 'drizzle-orm';
import { MDM_OPERATION_MESSAGES } from '@wb/contracts/resources/mdm-operations';
import { project } from '../../db/schema/index';
import type { ResourceOptions } from '../../platform/crud/routes';
import { badRequest } from '../../platform/envelope';
import { visible } from '../../platform/scope';
import { after } from './same-project';

/** 人员: a project (if any) of the person's company (the phone's rule is the field's format, checked by the framework). */
export function mdmUserOptions(): ResourceOptions {
  return {
    hooks: {
      async beforeSubmit({ db, scope }, values, existing) {
        if (values.projectId === undefined && values.companyId === undefined) return;
        const projectId = after(values, existing, 'projectId');
        if (!projectId) return;
        const [p] = await db
          .select({ companyId: project.companyId })
          .from(project)
          .where(visible(project, scope, eq(project.id, Number(projectId))));
        if (p?.companyId !== Number(after(values, existing, 'companyId'))) throw badRequest(MDM_OPERATION_MESSAGES.projectOfCompany.zh, 'projectId');
      },
    },
  };
}
