import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * A scratch copy of the parts of this project that generated code lands in: the generated files
 * at their paths, the project files they import (contracts' resource.ts, the schema's common.ts),
 * the shared files as they would read with the generated lines added (the catalogue, the schema
 * index, modules/resources.ts), and the real server platform and node_modules linked in. The
 * TypeScript check then runs on it exactly as on the project.
 */

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const run = promisify(execFile);
/** The modules of the server platform the generated code and the registration import. */
const PLATFORM = ['context', 'crud/routes'];
/** The server's Fastify plugins: their types add to Fastify's (a route's schema `tags`, reply.sendFile). */
const FASTIFY_PLUGINS = Object.keys((JSON.parse(readFileSync(join(ROOT, 'apps/server/package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies).filter((d) =>
  d.startsWith('@fastify/'),
);

/** The lines registration.txt gives each shared file, by the file's path. */
export function registrationSections(text: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of text.split('\n')) {
    const header = /^# (\S+)/.exec(line);
    if (header) sections.set(header[1], (current = []));
    else if (line.trim() && current) current.push(line);
  }
  return sections;
}

export interface ScratchProject {
  dir: string;
  /** the absolute path of a file of the scratch project */
  path(relative: string): string;
  /** tsc on the scratch project: its output, empty when the code compiles */
  typecheck(): Promise<string>;
  remove(): Promise<void>;
}

export async function scratchProject(files: { path: string; content: string }[]): Promise<ScratchProject> {
  const dir = await mkdtemp(join(tmpdir(), 'wb-codegen-'));
  const at = (relative: string) => join(dir, relative);
  const write = async (relative: string, content: string) => {
    await mkdir(dirname(at(relative)), { recursive: true });
    await writeFile(at(relative), content);
  };
  for (const f of files) await write(f.path, f.content);
  for (const kept of ['packages/contracts/src/resource.ts', 'apps/server/src/db/schema/common.ts']) {
    await mkdir(dirname(at(kept)), { recursive: true });
    await copyFile(join(ROOT, kept), at(kept));
  }
  await symlink(join(ROOT, 'node_modules'), at('node_modules'), 'dir');
  // the platform the generated modules import, as the project's own files (their imports resolve where they are)
  for (const module of PLATFORM) await write(`apps/server/src/platform/${module}.ts`, `export * from ${JSON.stringify(join(ROOT, 'apps/server/src/platform', module))};\n`);

  const registration = files.filter((f) => f.path.endsWith('/registration.txt')).map((f) => registrationSections(f.content));
  const lines = (file: string) => registration.flatMap((s) => s.get(file) ?? []);
  const catalogue = lines('packages/contracts/src/resources/catalogue.ts');
  const modules = catalogue.map((l) => /import \* as (\w+)/.exec(l)![1]);
  await write(
    'packages/contracts/src/resources/catalogue.ts',
    [
      "import type { AnyResourceDef } from '../resource';",
      ...catalogue,
      `export const RESOURCES: AnyResourceDef[] = [${modules.map((m) => `...${m}.resources`).join(', ')}];`,
      'export const resourceByName = (name: string) => RESOURCES.find((r) => r.name === name);',
      '',
    ].join('\n'),
  );
  await write('apps/server/src/db/schema/index.ts', `${lines('apps/server/src/db/schema/index.ts').join('\n')}\n`);
  const server = lines('apps/server/src/modules/resources.ts');
  await write(
    'apps/server/src/modules/resources.ts',
    [
      "import type { FastifyInstance } from 'fastify';",
      "import * as t from '../db/schema/index';",
      "import { crudDeps, type AppContext } from '../platform/context';",
      "import { registerResource } from '../platform/crud/routes';",
      ...server.filter((l) => l.startsWith('import ')),
      'export function resourceRoutes(ctx: AppContext) {',
      '  return async (app: FastifyInstance) => {',
      '    const deps = crudDeps(ctx);',
      ...server.filter((l) => !l.startsWith('import ')).map((l) => `    ${l}`),
      '  };',
      '}',
      '',
    ].join('\n'),
  );
  await write(
    'tsconfig.json',
    JSON.stringify({
      extends: join(ROOT, 'tsconfig.base.json'),
      // the server's ambient declarations: its untyped packages, and the plugins that add to Fastify's types
      files: [join(ROOT, 'apps/server/src/platform/flow/bpmn-packages.d.ts')],
      compilerOptions: {
        types: ['node', ...FASTIFY_PLUGINS],
        lib: ['ES2023'],
        // the generated definition is found at its place in the scratch contracts, the rest in the project's
        paths: { '@wb/contracts/*': ['./packages/contracts/src/*', join(ROOT, 'packages/contracts/src/*')] },
      },
      include: ['packages', 'apps/server/src/db', 'apps/server/src/modules'],
    }),
  );

  return {
    dir,
    path: at,
    async typecheck() {
      try {
        await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', at('tsconfig.json')], { timeout: 240_000 });
        return '';
      } catch (err) {
        const e = err as { stdout?: string; stderr?: string; message: string };
        return `${e.stdout ?? ''}${e.stderr ?? ''}` || e.message;
      }
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
