import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { ProjectTreeNode } from '@wb/contracts/project';
import { user } from '../../db/schema/index';
import { projectsOfRoles } from '../../platform/access';
import { caller } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { Envelope, forbidden, notFound, ok } from '../../platform/envelope';
import { IdText } from '../../platform/input-types';
import { scopeOf, visible } from '../../platform/scope';
import { projectTree } from './project-tree';

/** A node of the dispatch authority tree: a company, a city or a project. */
interface AuthorityNode {
  id: string;
  parentId: string;
  name: string;
  type: 'company' | 'city' | 'project';
  children: AuthorityNode[];
}
const AuthorityNodeSchema = Type.Recursive((Self) =>
  Type.Object({ id: Type.String(), parentId: Type.String(), name: Type.String(), type: Type.String({ description: 'company | city | project' }), children: Type.Array(Self) }),
);

/** The picker's tree without its 'all' entries (negative ids), each level named. */
const authorityNodes = (nodes: ProjectTreeNode[], type: AuthorityNode['type'] = 'company'): AuthorityNode[] =>
  nodes
    .filter((n) => Number(n.id) > 0)
    .map((n) => ({ id: n.id, parentId: n.pid, name: n.name, type, children: authorityNodes(n.children ?? [], type === 'company' ? 'city' : 'project') }));

/** The dispatch authority tree (an old-platform call): the projects a user may dispatch work orders for. */
export function dispatchAuthorityRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    app.get('/us/authority/sys/admin/v1/tree-list-dispatch-authority', {
      schema: {
        tags: ['旧平台'],
        summary: '派单权限树: 用户可派单的公司 → 城市 → 项目 (按其角色的项目)',
        querystring: Type.Object({
          userId: Type.Optional(IdText()),
          authorityCategory: Type.Optional(Type.String({ pattern: '^[a-z_]{1,32}$', description: '业务类别 (water 等); 派单权限按角色的项目, 各类别相同' })),
        }),
        response: { 200: Envelope(Type.Array(AuthorityNodeSchema)) },
      },
      config: { signedIn: true, fieldMessages: { userId: { label: '用户' }, authorityCategory: { label: '业务类别' } } },
      handler: async (req) => {
        const me = caller(req);
        const asked = (req.query as { userId?: string }).userId;
        let roleIds = me.roleIds;
        if (asked && Number(asked) !== me.userId) {
          // another user's tree is for those who may see users
          if (!(await ctx.access.grants(me.roleIds)).codes.has('user')) throw forbidden('无权查看其他用户的派单权限');
          const [u] = await db
            .select({ roleId: user.roleId })
            .from(user)
            .where(and(visible(user, scopeOf(req)), eq(user.id, Number(asked))))
            .limit(1);
          if (!u) throw notFound('用户不存在');
          roleIds = u.roleId.split(',').filter(Boolean).map(Number);
        }
        return ok(authorityNodes(await projectTree(db, scopeOf(req), await projectsOfRoles(db, roleIds))));
      },
    });
  };
}
