import { eq } from 'drizzle-orm';
import { MDM_OPERATION_MESSAGES } from '@wb/contracts/resources/mdm-operations';
import { phoneError } from '@wb/contracts/validation';
import { project } from '../../db/schema/index';
import type { ResourceOptions } from '../../platform/crud/routes';
import { badRequest } from '../../platform/envelope';
import { visible } from '../../platform/scope';
import { after } from './same-project';

/** 人员: a mobile number the shell's phone rule accepts, and a project (if any) of the person's company. */
export function mdmUserOptions(): ResourceOptions {
  return {
    hooks: {
      async beforeSubmit({ db, scope }, values, existing) {
        if (values.phone !== undefined) {
          const wrong = phoneError(String(values.phone));
          if (wrong) throw badRequest(wrong, 'phone');
        }
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
