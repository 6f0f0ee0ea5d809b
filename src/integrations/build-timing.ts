/**
 * How long each step after rendering takes, printed only when `ANGRAM_BUILD_TIMINGS=1` (set by
 * `npm run bench:build`, which reads these lines): an everyday build's log stays as it was.
 */
import type { AstroIntegrationLogger } from 'astro';

export const BUILD_TIMINGS_ENV = 'ANGRAM_BUILD_TIMINGS';

/** The line the bench parses: `fase <name>: <ms> ms` (then the process's resident memory when it ended). */
export const PHASE_LINE = /fase ([a-z-]+): (\d+) ms/;

export async function timedPhase<T>(
  logger: AstroIntegrationLogger,
  phase: string,
  run: () => Promise<T> | T,
): Promise<T> {
  const start = performance.now();
  const result = await run();
  if (process.env[BUILD_TIMINGS_ENV] === '1') {
    const rss = Math.round(process.memoryUsage.rss() / 1024 / 1024);
    logger.info(`fase ${phase}: ${Math.round(performance.now() - start)} ms, ${rss} MB en memoria`);
  }
  return result;
}
