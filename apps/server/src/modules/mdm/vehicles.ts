import type { ResourceOptions } from '../../platform/crud/routes';
import { checkDeviceLimit } from '../../platform/subscription';

/** Vehicles are the devices a project's subscription package counts: one added to, or moved into, a project is checked against it. */
export function vehicleOptions(): ResourceOptions {
  return {
    hooks: {
      async afterSubmit({ db: tx, user }, row, isNew, existing) {
        if (isNew || existing?.projectId !== row.projectId) await checkDeviceLimit(tx, user.tenantId, Number(row.projectId));
      },
    },
  };
}
