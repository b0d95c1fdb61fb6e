// The page's main-thread tasks in a trace `npm run lighthouse -- --save DIR` kept, as they were observed
// (not multiplied by Lighthouse's simulated 4× CPU slowdown): when each started after the navigation, how
// long it took, the script it ran and what it spent its time on. Lists the tasks of MIN ms and more.
//   node --import tsx scripts/trace-tasks.ts /tmp/lh/search-1.trace.json [MIN=15]
import { readFileSync } from 'node:fs';

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string; isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
};

const [file, minArg = '15'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node --import tsx scripts/trace-tasks.ts TRACE.json [MIN_MS]');
  process.exit(2);
}
const trace = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(trace) ? trace : trace.traceEvents;

// The page's own navigation: its renderer's main thread is the one whose tasks block input.
const navigation = events.find(
  (event) =>
    event.name === 'navigationStart' &&
    event.args?.data?.isLoadingMainFrame &&
    event.args.data.documentLoaderURL?.startsWith('http'),
);
if (!navigation) throw new Error(`${file}: no navigation of the page in this trace`);

const mainThread = events
  .filter((event) => event.pid === navigation.pid && event.tid === navigation.tid && event.ph === 'X')
  .sort((a, b) => a.ts - b.ts);
const ms = (microseconds: number) => Math.round(microseconds / 1000);
const tasks = mainThread.filter(
  (event) => event.name === 'RunTask' && (event.dur ?? 0) >= Number(minArg) * 1000,
);

let total = 0;
for (const task of tasks) {
  const end = task.ts + task.dur!;
  const inside = mainThread.filter(
    (event) => event !== task && event.ts >= task.ts && event.ts + event.dur! <= end,
  );
  const byName = new Map<string, number>();
  for (const event of inside) byName.set(event.name, (byName.get(event.name) ?? 0) + event.dur!);
  const biggest = [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name, duration]) => `${name} ${ms(duration)}`)
    .join(', ');
  const script = inside
    .find((event) => event.args?.data?.url)
    ?.args?.data?.url?.replace(/^https?:\/\/[^/]+/, '');
  total += task.dur!;
  console.log(
    `${String(ms(task.ts - navigation.ts)).padStart(6)} ms  ${String(ms(task.dur!)).padStart(4)} ms  ${script ?? ''} | ${biggest}`,
  );
}
console.log(`${tasks.length} tasks of ${minArg} ms or more, ${ms(total)} ms in all`);
