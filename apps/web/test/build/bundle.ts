import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** What the build wrote: apps/web/dist and Vite's manifest of it. */
export const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

export const readManifest = (): Manifest => {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
};

const gzipCache = new Map<string, number>();
/** Bytes of a built file once gzipped (level 9, what a static server precompresses with). */
export const gzipBytes = (file: string): number => {
  let bytes = gzipCache.get(file);
  if (bytes === undefined) {
    bytes = gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
    gzipCache.set(file, bytes);
  }
  return bytes;
};

/** A chunk's stable name: its file name without the content hash (`assets/home-89SeUgC-.js` → `home`). */
export const chunkName = (file: string) => path.basename(file).replace(/-[\w-]{8}\.(js|css)$/, '');

/**
 * The route modules whose code must be loaded before a route can render: the guard of a login-only
 * route and the dashboard's layout (router.tsx nests them so).
 */
const parentsOf = (route: string): string[] => {
  const guards = 'src/features/auth/components/guards.tsx';
  if (route === 'src/routes/purchase.tsx') return [guards];
  if (route.startsWith('src/routes/dashboard/') && !route.endsWith('dashboard-layout.tsx'))
    return [guards, 'src/routes/dashboard/dashboard-layout.tsx'];
  return [];
};

export type RouteBundle = {
  route: string;
  /** Every JavaScript file the route needs at first render: entry, its static imports, the route's chunks. */
  js: { file: string; bytes: number }[];
  css: { file: string; bytes: number }[];
  jsBytes: number;
  cssBytes: number;
};

/** The initial JavaScript and CSS of every lazily loaded route module (src/routes/**), gzipped. */
export function routeBundles(manifest: Manifest = readManifest()): RouteBundle[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The manifest has no entry chunk.');
  const closure = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  };
  return Object.keys(manifest)
    .filter((key) => key.startsWith('src/routes/') && manifest[key]?.isDynamicEntry)
    .sort()
    .map((route) => {
      const keys = new Set<string>();
      for (const key of [entry, ...parentsOf(route), route]) closure(key, keys);
      const chunks = [...keys].map((key) => manifest[key]!);
      const js = chunks
        .map(({ file }) => ({ file, bytes: gzipBytes(file) }))
        .sort((a, b) => b.bytes - a.bytes);
      const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))]
        .map((file) => ({ file, bytes: gzipBytes(file) }))
        .sort((a, b) => b.bytes - a.bytes);
      const sum = (files: { bytes: number }[]) => files.reduce((total, file) => total + file.bytes, 0);
      return { route, js, css, jsBytes: sum(js), cssBytes: sum(css) };
    });
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
