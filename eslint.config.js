// @ts-check
/**
 * One flat config for the whole workspace (`npm run lint` = `eslint .`).
 *
 * - typescript-eslint's recommended set, without type information by default. With
 *   it (the project service builds every workspace's program, then the rules
 *   type-check what they look at) the lint took about 40 s of CPU against about
 *   11 s without: too close to the one-minute budget on a 2-core runner, and mostly
 *   a repeat of `npm run typecheck`. `npm run lint:types` (LINT_TYPES=1) is the
 *   deeper pass with the type-aware set (floating promises, awaited non-promises…).
 * - eslint-plugin-react-hooks for the React code (shell, resource-ui, coredata).
 * - Import boundaries and cycles with eslint-plugin-import-x. Its
 *   `no-restricted-paths` works on *resolved* files, so one zone per layer covers
 *   relative imports, `../../` chains and workspace packages alike
 *   (`@wb/resource-ui/host` resolves into packages/resource-ui): less configuration
 *   than eslint-plugin-boundaries' element types, and sturdier than
 *   `no-restricted-imports` patterns, which only see the text of the specifier.
 *   The same plugin gives `no-cycle`, so one resolver serves both.
 */
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TYPED = process.env.LINT_TYPES === '1';
const SERVER = 'apps/server/src';
const SHELL = 'apps/shell/src';

/** One zone per server module: it may import its own files, never another module's. */
const serverModuleZones = readdirSync(new URL(`./${SERVER}/modules`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `./${SERVER}/modules/${name}`,
    from: `./${SERVER}/modules`,
    except: [`./${name}`],
    message: 'A server module does not reach into another module: move what both need to platform/.',
  }));

/**
 * The deeper pass (`npm run lint:types`): rules that need the type checker.
 * @type {import('eslint').Linter.Config[]}
 */
const typeAware = [
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // The one TypeScript file no workspace tsconfig includes.
        projectService: { allowDefaultProject: ['packages/resource-ui/vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // react-router's navigate() returns a promise only to say when a data router's
      // navigation settled; it does not reject, so a call on its own loses no error.
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }] }],
      // React ignores what an event handler returns: `onClick={async () => …}` is fine.
      // Promises handed to other void callbacks (timers, listeners) are still reported.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Fastify plugins, hooks and handlers are async by contract (a plugin without
      // `done` must return a promise), awaiting or not: the rule fires on each of them.
      '@typescript-eslint/require-await': 'off',
      // Its findings here are all `unknown` values narrowed to `{}` by a null check
      // (table cells, query values) where String() is the intended conversion.
      '@typescript-eslint/no-base-to-string': 'off',
      // Zustand actions, antd form instances and the resource host are closures typed
      // with method syntax: taking one off its object is how they are meant to be used.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Tests read response bodies and fixtures typed `any` (res.json(), JSON.parse) on
    // purpose: the no-unsafe-* family fires hundreds of times there on sound code.
    files: ['**/*.test.{ts,tsx}', 'apps/server/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Plain JavaScript gets no type information.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
];

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build-stats/**',
      '**/coverage/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'apps/server/src/db/migrations/**',
      'data/**',
    ],
  },

  js.configs.recommended,
  ...(TYPED ? typeAware : tseslint.configs.recommended),
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    // A stale eslint-disable is an error in the full pass only: the default one runs
    // without the type-aware rules, so their directives would look unused there.
    linterOptions: { reportUnusedDisableDirectives: TYPED ? 'error' : 'off' },
    rules: {
      // `_`-prefixed names are deliberately unused (a positional argument, a rest sibling).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },

  // React code: the two rules of hooks, both errors (a missing dependency is a stale
  // value; a deliberate omission says why in an eslint-disable comment). The plugin's
  // React Compiler checks (refs, set-state-in-effect, purity…) are left out: nothing
  // here is built with the compiler, they flag sound pre-compiler patterns (a ref
  // holding the latest callback), and they cost a fifth of the lint time.
  {
    files: [`${SHELL}/**/*.{ts,tsx}`, 'packages/resource-ui/src/**/*.{ts,tsx}', 'apps/subapps/coredata/src/**/*.{ts,tsx}'],
    plugins: reactHooks.configs.flat.recommended.plugins,
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // Import boundaries and cycles
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Imported files are parsed (for no-cycle) with the TypeScript parser, without types.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Node's resolution with TypeScript's extensions; workspace packages resolve
      // through node_modules to their real files (packages/*/src) by their `exports`.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], conditionNames: ['import', 'module', 'default'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // server: modules → platform → db
            { target: `./${SERVER}/db`, from: [`./${SERVER}/platform`, `./${SERVER}/modules`], message: 'db/ is the bottom layer: it imports neither platform/ nor modules/.' },
            { target: `./${SERVER}/platform`, from: `./${SERVER}/modules`, message: 'platform/ serves the modules: it does not import them.' },
            ...serverModuleZones,

            // shell: app → admin, features → shared
            {
              target: `./${SHELL}/shared`,
              from: [`./${SHELL}/features`, `./${SHELL}/admin`, `./${SHELL}/app`],
              message: 'shared/ is the bottom layer of the shell: it imports no feature, admin page or app code.',
            },
            { target: [`./${SHELL}/features`, `./${SHELL}/admin`], from: `./${SHELL}/app`, message: 'features/ and admin/ are composed by app/: they do not import it.' },

            // packages: everything may import @wb/contracts, which imports no app and not the UI package
            {
              target: './packages/contracts',
              from: ['./apps', './packages/resource-ui'],
              message: '@wb/contracts is shared by every app: it imports none of them, nor @wb/resource-ui.',
            },
            { target: './packages/resource-ui', from: './apps', message: '@wb/resource-ui is used by the apps: it imports none of them.' },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
