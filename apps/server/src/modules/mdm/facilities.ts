import { eq } from 'drizzle-orm';
import { MDM_OPERATION_MESSAGES } from '@wb/contracts/resources/mdm-operations';
import { iotDevice, project } from '../../db/schema/index';
import type { ResourceOptions } from '../../platform/crud/routes';
import { visible } from '../../platform/scope';
import { keepsChildrenInProject } from './same-project';

/**
 * 设施: its company is its project's, written here whenever the project is (the form asks for the
 * project only, so the two cannot disagree); its devices are of its project, so it keeps it while it has some.
 */
export function facilityOptions(): ResourceOptions {
  return {
    hooks: {
      async beforeSubmit({ db, scope }, values, existing) {
        await keepsChildrenInProject(db, scope, values, existing, iotDevice.facilityId, iotDevice, MDM_OPERATION_MESSAGES.facilityMoved.zh);
        if (values.projectId === undefined) return;
        // the framework has found the project visible to the caller already
        const [p] = await db
          .select({ companyId: project.companyId })
          .from(project)
          .where(visible(project, scope, eq(project.id, Number(values.projectId))));
        values.companyId = p.companyId;
      },
    },
  };
}
