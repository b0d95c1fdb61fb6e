// Runs every check of the project, in the order that fails fastest: typecheck beside lint then build,
// then the test suites (unit, API, browser). Ends with one count line, "tests: N passed, N failed".
// `node scripts/test.mjs --api` runs only the API suite (CI runs it again on PostgreSQL that way);
// `--api FILE…` only those files of it (CI's Node 22 and 24 runs).
// `node scripts/test.mjs --quick` (npm run test:quick) is the edit–test loop: typecheck, then the shared,
// API and component suites, without lint, the build, its size budgets and the browser sweep.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const apiOnly = process.argv.includes('--api');
const quick = process.argv.includes('--quick');
const files = apiOnly ? process.argv.slice(2).filter((arg) => !arg.startsWith('--')) : [];
const run = (command, args) => {
  console.log(`\n> ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' }).status ?? 1;
};
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// Runs npm scripts one after the other, stopping at the first that fails; answers each one's status
// and output (kept, so that two such lanes side by side print whole, never interleaved).
const lane = async (scripts) => {
  const results = [];
  for (const script of scripts) {
    const child = spawn(npm, ['run', '--silent', script], { shell: process.platform === 'win32' });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const status = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
    results.push({ script, status, output });
    if (status !== 0) break;
  }
  return results;
};

if (!apiOnly) {
  // Typecheck beside lint and the build: tsc and ESLint use one core each, and the machine has two.
  const lanes = await Promise.all(
    quick ? [lane(['typecheck'])] : [lane(['typecheck']), lane(['lint', 'build'])],
  );
  const results = lanes.flat();
  for (const { script, output } of results) {
    console.log(`\n> npm run ${script}`);
    process.stdout.write(output);
  }
  const failedScript = results.find((result) => result.status !== 0);
  if (failedScript) {
    console.error(`\nnpm run ${failedScript.script} failed.`);
    console.log('tests: 0 passed, 1 failed');
    process.exit(1);
  }
}

mkdirSync('test-results', { recursive: true });
// API runs may go side by side (CI runs PostgreSQL, Node 22 and Node 24 at once): a report each.
const report = apiOnly ? `test-results/vitest-api-${process.pid}.json` : 'test-results/vitest.json';
rmSync(report, { force: true });
const projects = apiOnly
  ? ['--project', 'server', '--project', 'server-mocks']
  : quick
    ? ['--project', 'shared', '--project', 'server', '--project', 'server-mocks', '--project', 'web']
    : [];
const status = run('npx', [
  'vitest',
  'run',
  ...projects,
  ...files,
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${report}`,
]);

if (!existsSync(report)) {
  console.log('tests: 0 passed, 1 failed');
  process.exit(status || 1);
}
const { numPassedTests, numFailedTests, numFailedTestSuites, numPendingTests, numTodoTests, testResults } =
  JSON.parse(readFileSync(report, 'utf8'));
if (apiOnly) rmSync(report, { force: true });
// The failures again, one line each, just above the count line: CI shows only the end of a long log.
const firstLine = (text = '') => text.split('\n').find((line) => line.trim() !== '') ?? '';
for (const file of testResults ?? []) {
  const path = file.name.replace(`${process.cwd()}/`, '');
  if (file.status === 'failed' && file.assertionResults.every((test) => test.status !== 'failed')) {
    console.log(`FAILED ${path}: ${firstLine(file.message)}`);
  }
  for (const test of file.assertionResults.filter((result) => result.status === 'failed')) {
    console.log(`FAILED ${path} > ${test.fullName}: ${firstLine(test.failureMessages?.[0]).slice(0, 300)}`);
  }
}
// A file that failed to load, or an error outside any test, fails the run even with no failed test.
const failed = numFailedTests || numFailedTestSuites || (status !== 0 ? 1 : 0);
const skipped = numPendingTests + numTodoTests;
console.log(`\ntests: ${numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(status !== 0 ? status : failed > 0 ? 1 : 0);
