import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { unavailable } from './errors.ts';

/**
 * The requests this server has received and not yet answered. On shutdown, those still unanswered when
 * their time is up (a client trickling its body, a handler that will not finish in time) get a 503 with
 * `Connection: close` instead of a cut connection: every request received gets an answer.
 */
export function trackUnfinishedRequests(server: Server) {
  const unfinished = new Set<ServerResponse>();
  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    unfinished.add(response);
    response.once('close', () => unfinished.delete(response));
  });
  return {
    /** Answers 503 to every request not answered yet; resolves once those answers are written. Answers how many. */
    async answerUnavailable(): Promise<number> {
      const pending = [...unfinished].filter((response) => !response.headersSent && response.writable);
      const { code, message } = unavailable();
      const body = JSON.stringify({ code, message });
      await Promise.all(
        pending.map(
          (response) =>
            new Promise<void>((resolve) => {
              response.shouldKeepAlive = false;
              response.writeHead(503, {
                connection: 'close',
                'content-type': 'application/json; charset=utf-8',
                'content-length': Buffer.byteLength(body),
                'retry-after': '5',
              });
              response.end(body, () => resolve());
              // A client that does not read its answer does not hold the exit: the caller closes all next.
              setTimeout(resolve, 500).unref();
            }),
        ),
      );
      return pending.length;
    },
  };
}
