import { MDM_OPERATION_MESSAGES } from '@wb/contracts/resources/mdm-operations';
import { grid } from '../../db/schema/index';
import type { ResourceOptions } from '../../platform/crud/routes';
import type { Row } from '../../platform/crud/wire';
import { badRequest } from '../../platform/envelope';
import { after, refOfProject } from './same-project';

/** Decimal degrees as a map pick gives them: at most 8 decimals, within the bound. */
const DEGREES = /^-?\d{1,3}(\.\d{1,8})?$/;
const coordinate = (values: Row, field: 'longitude' | 'latitude', bound: number) => {
  const v = values[field];
  if (v === undefined || v === '') return;
  if (!DEGREES.test(String(v)) || Math.abs(Number(v)) > bound) throw badRequest(MDM_OPERATION_MESSAGES[field].zh, field);
};

/** 作业点位: coordinates that are degrees, and a grid of its own project. */
export function jobLocationOptions(): ResourceOptions {
  return {
    hooks: {
      async beforeSubmit({ db, scope }, values, existing) {
        coordinate(values, 'longitude', 180);
        coordinate(values, 'latitude', 90);
        if (values.gridId === undefined && values.projectId === undefined) return;
        const gridId = after(values, existing, 'gridId');
        await refOfProject(db, scope, grid, gridId, after(values, existing, 'projectId'), MDM_OPERATION_MESSAGES.gridOfProject.zh, 'gridId');
      },
    },
  };
}
