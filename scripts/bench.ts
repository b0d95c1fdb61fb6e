// `npm run bench`: every section in scripts/bench/*.ts, each figure next to its target and a baseline
// measured in the same run. Not a test. Add a section by adding a file there that default-exports a
// BenchSection (scripts/lib/bench.ts).
//   npm run bench                          (all sections; PostgreSQL at BENCH_DATABASE_URL or 127.0.0.1:5432)
//   npm run bench -- catalogue-search      (only the sections named)
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchSection, Figure } from './lib/bench.ts';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench');
const wanted = process.argv.slice(2);
const files = readdirSync(folder)
  .filter((file) => file.endsWith('.ts'))
  .filter((file) => wanted.length === 0 || wanted.includes(file.replace(/\.ts$/, '')))
  .sort();
if (files.length === 0) {
  console.error(`No bench section named ${wanted.join(', ')} in scripts/bench/.`);
  process.exit(1);
}

const rows: Record<string, string>[] = [];
const missed: string[] = [];
const show = (figure: Figure) => `${figure.value} ${figure.unit}`;
for (const file of files) {
  const { default: section } = (await import(path.join(folder, file))) as { default: BenchSection };
  console.log(`\n${section.title}`);
  const figures = await section.run();
  for (const figure of figures) {
    const row = {
      section: file.replace(/\.ts$/, ''),
      figure: figure.name,
      result: show(figure),
      target: figure.target
        ? `${figure.target} ${figure.target.includes('×') ? '' : figure.unit}`.trim()
        : '',
      met: figure.met === undefined ? '' : figure.met ? 'yes' : 'NO',
      baseline: figure.baseline ? `${figure.baseline.value} ${figure.unit} (${figure.baseline.name})` : '',
    };
    rows.push(row);
    if (figure.met === false) missed.push(`${row.section}: ${figure.name}`);
    console.log(
      `  ${figure.name}: ${row.result} (target ${row.target || '—'}; baseline ${row.baseline || '—'})`,
    );
    if (figure.note) console.log(`    ${figure.note}`);
  }
}
console.log('');
console.table(rows);
console.log(missed.length ? `Below target: ${missed.join('; ')}` : 'Every figure meets its target.');
