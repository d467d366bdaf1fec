import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import { CODE_SYSTEMS, codeResource, DEVELOP_CODES, DEVELOP_PATHS, type GeneratedFile } from '@wb/contracts/resources/develop';
import { CRUD_MESSAGES } from '@wb/contracts/resource';
import type { AppContext } from '../../platform/context';
import { badRequest, Envelope, ok } from '../../platform/envelope';
import { IdList, IdText } from '../../platform/input-types';
import { scopeOf } from '../../platform/scope';
import { attachmentDisposition } from '../../platform/storage';
import { entitiesOf } from './codes';
import type { Entity } from './generator/entity';
import { entityFiles, readme } from './generator/files';

/**
 * gen-code (admin spec §7): the chosen rows' files as a .zip to unpack at the project's root;
 * and, beyond the catalogue, the same files as JSON for the page's preview. Generating reads the
 * saved designs only, never a datasource.
 */

/** Every file of the entities; two rows making the same file (a row and its copy) are refused. */
function filesOf(entities: Entity[], codeNames: string[]): GeneratedFile[] {
  const files: GeneratedFile[] = [];
  const made = new Map<string, string>();
  entities.forEach((e, i) => {
    for (const f of entityFiles(e)) {
      const other = made.get(f.path);
      if (other) throw badRequest(`${other} 与 ${codeNames[i]} 生成同一个文件 ${f.path}, 请分开生成`, 'ids');
      made.set(f.path, codeNames[i]);
      files.push(f);
    }
  });
  return [readme(entities), ...files];
}

/** The archive, its entries dated when it was made. */
async function zipOf(files: GeneratedFile[]): Promise<Buffer> {
  const zip = new JSZip();
  const date = new Date();
  for (const f of files) zip.file(f.path, f.content, { date });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', platform: 'UNIX' });
}

export function codeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const tags = [codeResource.title.zh];
    const fieldMessages = { ids: { label: 'ids', required: CRUD_MESSAGES.selectOne.zh }, id: { label: 'id', required: CRUD_MESSAGES.selectOne.zh }, system: { label: '系统' } };
    const generated = async (scope: ReturnType<typeof scopeOf>, ids: number[]) => {
      const entities = await entitiesOf(db, scope, ids);
      const files = filesOf(
        entities,
        entities.map((e) => e.codeName),
      );
      return { files, name: entities.length === 1 ? `${entities[0].file}.zip` : 'code-gen.zip' };
    };

    app.post(DEVELOP_PATHS.genCode, {
      schema: {
        tags,
        summary: '代码生成: 所选代码的文件 (.zip, 在项目根目录解压)',
        querystring: Type.Object({
          ids: IdList(),
          system: Type.Optional(
            Type.Union(
              CODE_SYSTEMS.map((s) => Type.Literal(s)),
              { description: `生成给谁: ${CODE_SYSTEMS.join(', ')}` },
            ),
          ),
        }),
        produces: ['application/zip'],
      },
      config: { permission: DEVELOP_CODES.generate, fieldMessages },
      handler: async (req, reply) => {
        const ids = (req.query as { ids: string }).ids.split(',').map(Number);
        const { files, name } = await generated(scopeOf(req), ids);
        const zip = await zipOf(files);
        return reply.header('content-type', 'application/zip').header('content-disposition', attachmentDisposition(name)).send(zip);
      },
    });

    app.get(DEVELOP_PATHS.preview, {
      schema: {
        tags,
        summary: '代码生成: 预览一条代码生成的文件 (路径与内容)',
        querystring: Type.Object({ id: IdText() }),
        response: { 200: Envelope(Type.Array(Type.Object({ path: Type.String(), content: Type.String() }))) },
      },
      config: { permission: DEVELOP_CODES.generate, fieldMessages },
      handler: async (req) => ok((await generated(scopeOf(req), [Number((req.query as { id: string }).id)])).files),
    });
  };
}
