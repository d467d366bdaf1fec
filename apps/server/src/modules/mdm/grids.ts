import { MDM_OPERATION_MESSAGES } from '@wb/contracts/resources/mdm-operations';
import { jobLocation } from '../../db/schema/index';
import type { ResourceOptions } from '../../platform/crud/routes';
import { keepsChildrenInProject } from './same-project';

/** 网格: its job locations are of its project, so a grid that has some keeps its project. */
export function gridOptions(): ResourceOptions {
  return {
    hooks: {
      async beforeSubmit({ db, scope }, values, existing) {
        await keepsChildrenInProject(db, scope, values, existing, jobLocation.gridId, jobLocation, MDM_OPERATION_MESSAGES.gridMoved.zh);
      },
    },
  };
}
