import { createServer } from 'node:net';

/**
 * Ports for the processes a fault test starts. FAULT_TEST_PORTS ('4400-4499') keeps them inside a range
 * on a shared machine; otherwise the system picks free ones.
 */
const range = process.env.FAULT_TEST_PORTS?.match(/^(\d+)-(\d+)$/);
let next = range ? Number(range[1]) : 0;

const probe = (port: number): Promise<number | undefined> =>
  new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
    });
  });

export async function freePort(): Promise<number> {
  if (!range) {
    const port = await probe(0);
    if (port) return port;
    throw new Error('No free port');
  }
  const last = Number(range[2]);
  while (next <= last) {
    const port = await probe(next++);
    if (port) return port;
  }
  throw new Error(`No free port left in FAULT_TEST_PORTS=${process.env.FAULT_TEST_PORTS}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
