import { afterEach, vi } from 'vitest';

// A test that makes the code log an error has found something: fail it rather than let it scroll by.
const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls.length;
  consoleError.mockClear();
  if (calls > 0) throw new Error(`console.error was called ${calls} time(s) during the test`);
});
