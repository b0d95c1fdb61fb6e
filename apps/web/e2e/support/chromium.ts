/**
 * The flags system Chromium runs with, headless, in the browser tests and in `npm run lighthouse`: no
 * sandbox (containers), no GPU or QUIC, and none of its own traffic (updates, sync) to disturb a measure.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
