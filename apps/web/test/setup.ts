import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor give up after 1 s by default: on a busy 2-core machine (CI runs the browser
// suites alongside) a debounced search and its answer can take longer. A real failure still fails.
configure({ asyncUtilTimeout: 4_000 });

afterEach(() => cleanup());
