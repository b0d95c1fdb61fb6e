import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { scheduleSplashRemoval } from '@/components/layout/splash';
import './index.css';

// zod (loaded with the forms) probes `new Function` to compile fast parsers, which our CSP forbids and
// reports. Its global config lives on globalThis, so we can turn the probe off without loading zod here.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

scheduleSplashRemoval();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
