import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chunkName, kb, routeBundles, type RouteBundle } from './bundle';

/**
 * Size budgets on the build output: the JavaScript and CSS a route needs before it can render,
 * gzipped. Runs after `npm run build` (npm test builds first). A failure names the route, its size and
 * limit, and every chunk it loads, marking those that grew since budgets.json recorded them.
 */
type Budgets = {
  targets: { homeJs: number; routeJs: number; css: number };
  allowances: Record<string, number>;
  chunks: Record<string, number>;
};
const budgets = JSON.parse(readFileSync(new URL('./budgets.json', import.meta.url), 'utf8')) as Budgets;

const HOME = 'src/routes/home.tsx';
const bundles = routeBundles();

const keyOf = (file: string) => `${chunkName(file)}${file.endsWith('.css') ? '.css' : ''}`;

/** The route's chunks, biggest first, each with what grew since budgets.json recorded it. */
const explain = (files: RouteBundle['js']) =>
  files
    .map(({ file, bytes }) => {
      const recorded = budgets.chunks[keyOf(file)];
      const size = bytes / 1024;
      const note =
        recorded === undefined
          ? ' (new chunk)'
          : size > recorded + 0.3
            ? ` (GREW from ${recorded.toFixed(1)} KB)`
            : '';
      return `  ${keyOf(file)}: ${kb(bytes)}${note}`;
    })
    .join('\n');

const jsLimit = (route: string) =>
  budgets.allowances[route] ?? (route === HOME ? budgets.targets.homeJs : budgets.targets.routeJs);

describe('bundle budgets (gzip)', () => {
  it('found the routes of the app in the build', () => {
    expect(bundles.map((bundle) => bundle.route)).toEqual(
      expect.arrayContaining([HOME, 'src/routes/blogs.tsx', 'src/routes/auth/login.tsx']),
    );
  });

  it.each(bundles.map((bundle) => [bundle.route, bundle] as const))(
    '%s: initial JavaScript within its budget',
    (route, bundle) => {
      const limit = jsLimit(route);
      expect(
        bundle.jsBytes / 1024,
        `${route} loads ${kb(bundle.jsBytes)} of JavaScript before it renders, over its ${limit} KB:\n${explain(bundle.js)}`,
      ).toBeLessThanOrEqual(limit);
    },
  );

  it.each(bundles.map((bundle) => [bundle.route, bundle] as const))(
    '%s: initial CSS within %s KB',
    (route, bundle) => {
      expect(
        bundle.cssBytes / 1024,
        `${route} loads ${kb(bundle.cssBytes)} of CSS, over ${budgets.targets.css} KB:\n${explain(bundle.css)}`,
      ).toBeLessThanOrEqual(budgets.targets.css);
    },
  );

  it('allowances above a target only for routes that exist, and never above today’s size + 1 KB', () => {
    for (const [route, allowance] of Object.entries(budgets.allowances)) {
      const bundle = bundles.find((candidate) => candidate.route === route);
      expect(bundle, `budgets.json allows ${route}, which the build no longer has`).toBeDefined();
      const target = route === HOME ? budgets.targets.homeJs : budgets.targets.routeJs;
      // A route that was cut below its target must lose its allowance: the target then holds it.
      expect(
        bundle!.jsBytes / 1024,
        `${route} is within its target now: remove its allowance from budgets.json`,
      ).toBeGreaterThan(target);
      expect(allowance).toBeGreaterThan(target);
    }
  });

  it.each(bundles.map((bundle) => [bundle.route, bundle] as const))(
    '%s: renders without zod (forms load it on their first validation)',
    (route, bundle) => {
      // zod's core names its base type '$ZodType'; docs/decisions/0042 keeps it out of every route's
      // first load: a form imports its schema only through lazyZodResolver's dynamic import.
      const withZod = bundle.js
        .filter(({ file }) =>
          readFileSync(new URL(`../../dist/${file}`, import.meta.url), 'utf8').includes('$ZodType'),
        )
        .map(({ file }) => keyOf(file));
      expect(withZod, `${route} loads zod before it renders, in: ${withZod.join(', ')}`).toEqual([]);
    },
  );

  it('the entry chunk has React’s and React Router’s production builds', () => {
    const entry = bundles[0]!.js.find((file) => chunkName(file.file) === 'index');
    expect(entry, 'no entry chunk named index').toBeDefined();
    const code = readFileSync(new URL(`../../dist/${entry!.file}`, import.meta.url), 'utf8');
    // Only React's development build carries its warnings about keys and act().
    expect(code).not.toContain('Each child in a list should have a unique "key" prop');
    // React Router's package.json names only its development build, which shows developers this in its
    // default error page (vite.config.ts takes its production build instead).
    expect(code).not.toContain('Hey developer');
  });

  it('the entry chunk leaves out what the app never renders', () => {
    const entry = bundles[0]!.js.find((file) => chunkName(file.file) === 'index');
    const code = readFileSync(new URL(`../../dist/${entry!.file}`, import.meta.url), 'utf8');
    // React Router's <Form> (with useSubmit), which stays out only while the build can tree-shake React
    // Router, and its <Link>, with framework mode's prefetching and route discovery: the app's links are
    // its own (components/ui/link.tsx, docs/decisions/0051).
    expect(code, 'React Router’s <Form> is in the entry chunk').not.toContain('submit|image');
    expect(code, 'React Router’s <Link> is in the entry chunk').not.toContain('data-discover');
  });
});
