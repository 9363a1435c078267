/**
 * Graceful stop of the HTTP server under keep-alive load (docs/operations.md, "Stopping"):
 * stop accepting, answer every request still arriving or running with `Connection: close` so its
 * socket closes after the answer, close idle keep-alive sockets at once and again as answers finish,
 * and resolve when the last connection is gone. After `graceMs`, the remaining connections are cut
 * and it resolves with `forced: true`.
 */
import type { Server } from 'node:http';

export interface Drain {
  /** Call on SIGTERM; resolves once no connection is left. */
  drain(graceMs: number): Promise<{ forced: boolean }>;
}

export function gracefulServer(server: Server): Drain {
  let stopping = false;
  // Runs before the app's answer is written: Node then closes the socket after that answer.
  server.on('request', (_req, res) => {
    if (stopping) res.setHeader('Connection', 'close');
  });
  return {
    drain(graceMs) {
      stopping = true;
      return new Promise((resolve) => {
        let forced = false;
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        const force = setTimeout(() => {
          forced = true;
          server.closeAllConnections();
        }, graceMs);
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(force);
          resolve({ forced });
        });
        server.closeIdleConnections();
      });
    },
  };
}
