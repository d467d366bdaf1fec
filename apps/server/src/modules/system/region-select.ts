import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { regionResource } from '@wb/contracts/resources/org';
import { readersOf } from '../../platform/crud/routes';
import type { ResourceRegistry } from '../../platform/crud/registry';
import { Envelope, ok } from '../../platform/envelope';
import { CodeText } from '../../platform/input-types';
import { scopeOf } from '../../platform/scope';
import { menuOf } from '@wb/contracts/resource';

/**
 * `GET /us-system/region/select?code=`: the family's cascader (province, then city, then district):
 * the regions directly under `code`, the provinces without it, as records. Read by the pages whose
 * forms pick a region, as the region tree is.
 */
export function regionSelect(app: FastifyInstance, registry: ResourceRegistry): void {
  const regions = registry.lists.get(regionResource.name)!;
  app.get('/us-system/region/select', {
    schema: {
      tags: [regionResource.title.zh],
      summary: `${regionResource.title.zh}: 下级区划 (code, 默认 ${regionResource.tree!.root})`,
      querystring: Type.Object({ code: Type.Optional(Type.Union([CodeText(), Type.Literal('')])) }),
      response: { 200: Envelope(Type.Array(Type.Object({ id: Type.String(), code: Type.String(), name: Type.String() }, { additionalProperties: true }))) },
    },
    config: { permission: [menuOf(regionResource), ...readersOf(regionResource.name)] },
    handler: async (req) => {
      const { code } = req.query as { code?: string };
      const rows = await regions.store.level(scopeOf(req), code || regionResource.tree!.root, {});
      return ok(rows.map((r) => regions.answer(r)));
    },
  });
}
