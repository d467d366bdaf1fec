import { MDM_OPERATION_MESSAGES } from '@wb/contracts/resources/mdm-operations';
import { facility } from '../../db/schema/index';
import type { ResourceOptions } from '../../platform/crud/routes';
import { checkDeviceLimit } from '../../platform/subscription';
import { after, refOfProject } from './same-project';

/**
 * 物联设备: mounted on a facility of its own project, if on one; and, like vehicles, counted
 * against the project's subscription package when it is added to or moved into a project.
 */
export function iotOptions(): ResourceOptions {
  return {
    hooks: {
      async beforeSubmit({ db, scope }, values, existing) {
        if (values.facilityId === undefined && values.projectId === undefined) return;
        const facilityId = after(values, existing, 'facilityId');
        await refOfProject(db, scope, facility, facilityId, after(values, existing, 'projectId'), MDM_OPERATION_MESSAGES.facilityOfProject.zh, 'facilityId');
      },
      async afterSubmit({ db: tx, user }, row, isNew, existing) {
        if (isNew || existing?.projectId !== row.projectId) await checkDeviceLimit(tx, user.tenantId, Number(row.projectId));
      },
    },
  };
}
