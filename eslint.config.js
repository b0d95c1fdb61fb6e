import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * Boundaries of the web app: a feature imports no other feature and no route or app code. Routes compose
 * features; what several features need lives in components/, lib/ or config/ (docs/architecture.md §10).
 */
const features = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The app's links are its own (components/ui/link.tsx): React Router's carry code the app does not use. */
const routerLinks = {
  name: 'react-router',
  importNames: ['Link', 'NavLink'],
  message: "Import Link and NavLink from '@/components/ui/link' (docs/decisions/0051).",
};

const featureBoundaries = features.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  ignores: ['**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [routerLinks],
        patterns: [
          {
            group: ['@/features/*', `!@/features/${feature}`],
            message: `A feature does not import another feature: lift what ${feature} shares to components/, lib/ or config/, or compose the two in a route.`,
          },
          { group: ['@/routes/*', '@/app/*'], message: 'A feature does not import routes or app code.' },
        ],
      },
    ],
  },
}));

/**
 * Boundaries of the server's modules (docs/decisions/0170, 0209): a module does not import another module's
 * routes (what routes share, e.g. a wire mapper, lives in that module's mappers.ts); another module is
 * met through its index.ts, which exports what others may use, never its repository; and SQL is written
 * only in repository files (drizzle's sql and query builders, db.execute).
 */
const noOtherModulesRoutes = {
  group: ['../*/routes', '../*/routes.ts', '../*/*-routes', '../*/*-routes.ts'],
  message: "A module does not import another module's routes: share a mapper from its mappers.ts.",
};
const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * Modules not yet met only through their index: none. A module that cannot come under the rule at once
 * is named here, with why, rather than the rule being switched off (docs/decisions/0209).
 */
const notYetMetThroughIndex = [];
const behindIndex = serverModules.filter((module) => !notYetMetThroughIndex.includes(module));
/** The import patterns a file of `module` may not use: others' routes, and past another module's index. */
const moduleImportPatterns = (module) => [
  noOtherModulesRoutes,
  ...behindIndex
    .filter((other) => other !== module)
    .map((other) => ({
      // From a module's own subfolder (payments/providers/) another module is two levels up.
      group: [`../${other}/**`, `!../${other}/index.ts`, `../../${other}/**`, `!../../${other}/index.ts`],
      message: `Another module is met through its index: import what ${other} shares from '../${other}/index.ts' (or add it there as a service function).`,
    })),
];
const serverModuleBoundaries = serverModules.flatMap((module) => [
  {
    files: [`apps/server/src/modules/${module}/**/*.ts`],
    rules: {
      'no-restricted-imports': ['error', { patterns: moduleImportPatterns(module) }],
    },
  },
  {
    files: [`apps/server/src/modules/${module}/**/*.ts`],
    ignores: ['apps/server/src/modules/**/*repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'SQL lives in repository files (*repository.ts).' }],
          patterns: moduleImportPatterns(module),
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='execute']",
          message: 'Raw SQL (db.execute) lives in repository files (*repository.ts).',
        },
      ],
    },
  },
]);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type X } from 'm'` still imports m for its side effects (verbatimModuleSyntax): the
      // bundler then counts m as needed, and a code-splitting group pulls m (and zod behind it) in.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [routerLinks] }],
    },
  },
  ...featureBoundaries,
  ...serverModuleBoundaries,
);
