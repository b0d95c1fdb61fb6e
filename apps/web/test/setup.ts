import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy… and waitFor give up after 1 s by default: on a busy 2-core machine (CI runs the browser
// suites alongside) a debounced search and its answer can take longer. A real failure still fails.
configure({ asyncUtilTimeout: 4_000 });

afterEach(() => cleanup());

// A test that makes React (or anything else) print an error fails, as the server's tests do: a warning
// about a missing key, an act() outside a test or a failed prop type is a bug, not noise.
const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls.map((args) => args.map(String).join(' '));
  consoleError.mockClear();
  if (calls.length > 0) {
    throw new Error(`console.error was called ${calls.length} time(s) during the test:\n${calls.join('\n')}`);
  }
});
