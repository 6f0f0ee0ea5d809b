/**
 * Graceful stop of an HTTP server for rolling deploys: stop accepting connections, let the requests
 * already received finish (within a bound), close keep-alive connections as their responses end, and
 * only then cut what is left. Used by server/index.ts and server/standalone.ts.
 */
import type { Server, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export interface DrainableServer {
  /** Requests received and not yet answered. */
  inFlight(): number;
  /** Resolves when every in-flight request ended, or after `timeoutMs` with the rest cut; returns how many were cut. */
  drain(timeoutMs: number): Promise<number>;
}

export function makeDrainable(server: Server): DrainableServer {
  const active = new Set<ServerResponse>();
  let draining = false;
  let onIdle: (() => void) | undefined;
  // Each response of a draining server closes its connection: the client reconnects elsewhere.
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.on('request', (_req, res) => {
    active.add(res);
    if (draining) closeAfter(res);
    res.once('close', () => {
      active.delete(res);
      if (active.size === 0) onIdle?.();
    });
  });
  return {
    inFlight: () => active.size,
    async drain(timeoutMs) {
      draining = true;
      for (const res of active) closeAfter(res);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const idle = new Promise<void>((resolve) => {
        if (active.size === 0) resolve();
        else onIdle = resolve;
      });
      const outcome = await Promise.race([
        idle.then(() => 'idle' as const),
        new Promise<'late'>((resolve) => {
          timer = setTimeout(() => resolve('late'), timeoutMs);
        }),
      ]);
      clearTimeout(timer);
      const cut = outcome === 'late' ? active.size : 0;
      // Keep-alive connections that sent nothing more, and (past the bound) unfinished requests.
      server.closeAllConnections();
      await closed;
      return cut;
    },
  };
}

/**
 * The pause between readiness turning 503 and the listener closing (`SHUTDOWN_DELAY_MS`): the load
 * balancer keeps sending requests until its health check sees the 503, and they are all served.
 * Resolves early when `hurry` aborts (a second signal).
 */
export async function waitForBalancer(delayMs: number, hurry?: AbortSignal): Promise<void> {
  if (delayMs <= 0 || hurry?.aborted) return;
  await sleep(delayMs, undefined, hurry ? { signal: hurry } : {}).catch(() => undefined);
}
