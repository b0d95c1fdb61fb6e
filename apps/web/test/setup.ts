import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy… and waitFor give up after 1 s by default: on a busy 2-core machine (CI runs the browser
// suites alongside) a debounced search and its answer can take longer, and a form's first validation
// loads zod and its schemas (lazyZodResolver), which Vitest compiles on first use: that took over 4 s
// under load. A passing wait returns as soon as it holds; only a real failure waits the whole time.
configure({ asyncUtilTimeout: 8_000 });

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
