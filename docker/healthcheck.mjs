// The image's HEALTHCHECK: is the process answering (liveness, /api/health/live)? Docker marks a
// container unhealthy after failures but never restarts it for that, so once the server has answered
// at least once, FAILURES_BEFORE_RESTART failures in a row stop it (SIGTERM to the init process, which
// passes it on): the container exits and its restart policy starts it again. Failures before the first
// answer are a start under way, not counted.
import { readFileSync, writeFileSync } from 'node:fs';

const FAILURES_BEFORE_RESTART = 3;
const stateFile = process.env.HEALTHCHECK_STATE_FILE || '/tmp/forgeline-health-failures';
const port = process.env.PORT || 3000;

/** Failures in a row since the last answer; undefined until the server has answered once. */
let failures;
try {
  failures = Number(readFileSync(stateFile, 'utf8')) || 0;
} catch {
  failures = undefined;
}
let live = false;
try {
  live = (await fetch(`http://127.0.0.1:${port}/api/health/live`, { signal: AbortSignal.timeout(3000) })).ok;
} catch {
  live = false;
}
if (live) writeFileSync(stateFile, '0');
else if (failures !== undefined) {
  writeFileSync(stateFile, String(failures + 1));
  if (failures + 1 >= FAILURES_BEFORE_RESTART) {
    console.error(
      `forgeline: not live ${failures + 1} times in a row: stopping so that the container restarts`,
    );
    process.kill(Number(process.env.HEALTHCHECK_INIT_PID || 1), 'SIGTERM');
  }
}
process.exit(live ? 0 : 1);
