import net from 'node:net';
import type { App } from '../../src/app.ts';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  json<T = unknown>(): T;
}

/**
 * One HTTP/1.1 request over a plain socket, the request target sent byte for byte as given: no client
 * in between that would tidy `/./`, `%2e` or `//` away before the server sees them.
 */
export function rawRequest(
  port: number,
  options: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: unknown;
    /** Sent as is, instead of `body` as JSON. */
    rawBody?: string;
  },
): Promise<RawResponse> {
  const body = options.rawBody ?? (options.body === undefined ? '' : JSON.stringify(options.body));
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    connection: 'close',
    ...(body && { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
    ...options.headers,
  };
  const head = [
    `${options.method} ${options.path} HTTP/1.1`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        resolve(parseResponse(Buffer.concat(chunks)));
      } catch (error) {
        reject(error as Error);
      }
    });
    socket.write(`${head}\r\n\r\n${body}`);
  });
}

function parseResponse(bytes: Buffer): RawResponse {
  const split = bytes.indexOf('\r\n\r\n');
  const text = bytes.subarray(0, split).toString('latin1');
  const [statusLine = '', ...lines] = text.split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  if (!Number.isInteger(status)) throw new Error(`not an HTTP response: ${text.slice(0, 200)}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] = headers[name]
      ? `${headers[name]}, ${line.slice(colon + 1).trim()}`
      : line.slice(colon + 1).trim();
  }
  const rest = bytes.subarray(split + 4);
  const body = (headers['transfer-encoding'] === 'chunked' ? unchunk(rest) : rest).toString('utf8');
  return { status, headers, body, json: <T>() => JSON.parse(body) as T };
}

function unchunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let rest = bytes;
  for (;;) {
    const end = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.subarray(0, end).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(rest.subarray(end + 2, end + 2 + size));
    rest = rest.subarray(end + 2 + size + 2);
  }
}

/** Starts the app on a free loopback port; answers the port. */
export async function listen(app: App): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
