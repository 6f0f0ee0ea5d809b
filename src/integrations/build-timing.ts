/**
 * How long each step after rendering takes, printed only when `ANGRAM_BUILD_TIMINGS=1` (set by
 * `npm run bench:build`, which reads these lines): an everyday build's log stays as it was.
 */
import type { AstroIntegrationLogger } from 'astro';
import { BUILD_ENV } from '../lib/build-env.ts';

export { BUILD_TIMINGS_ENV } from '../lib/build-env.ts';

/** The line the bench parses: `fase <name>: <ms> ms` (then the process's resident memory when it ended). */
export const PHASE_LINE = /fase ([a-z-]+): (\d+) ms/;

export async function timedPhase<T>(
  logger: AstroIntegrationLogger,
  phase: string,
  run: () => Promise<T> | T,
): Promise<T> {
  const start = performance.now();
  const result = await run();
  if (BUILD_ENV.buildTimings) {
    const rss = Math.round(process.memoryUsage.rss() / 1024 / 1024);
    logger.info(`fase ${phase}: ${Math.round(performance.now() - start)} ms, ${rss} MB en memoria`);
  }
  return result;
}
