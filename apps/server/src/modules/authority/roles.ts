import { announces } from '../../platform/changes';
import type { AppContext } from '../../platform/context';
import type { ResourceOptions } from '../../platform/crud/routes';

const V2 = '/us-system/v2/role';

/** Roles: the family's v2 paths answer the same calls; a changed or removed role changes grants everywhere. */
export function roleOptions(ctx: AppContext): ResourceOptions {
  return {
    aliases: { list: [`${V2}/page`], add: [`${V2}/submit`], remove: [`${V2}/remove`], tree: [`${V2}/tree`] },
    hooks: announces(ctx.changes, 'grants'),
  };
}
