/**
 * How long each step of the build takes, printed only when `ANGRAM_BUILD_TIMINGS=1` (set by
 * `npm run bench:build`, which reads these lines): an everyday build's log stays as it was. Wall time
 * depends on what else the machine runs; the CPU time the build's process used (its main thread and
 * libuv's, compression included) does much less, so both are printed.
 */
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import type { Plugin } from 'vite';
import { BUILD_ENV } from '../lib/build-env.ts';

export { BUILD_TIMINGS_ENV } from '../lib/build-env.ts';

/** The line the bench parses: `fase <name>: <ms> ms, <cpu> ms de CPU` (then the process's resident memory). */
export const PHASE_LINE = /fase ([a-z-]+): (\d+) ms, (\d+) ms de CPU/;
/** The process's CPU time so far at a point of Astro's build: `cpu <point>: <ms> ms`. */
export const CPU_LINE = /cpu ([a-z-]+): (\d+) ms/;

/** User and system CPU time of this process so far, in milliseconds. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return Math.round((user + system) / 1000);
}

/** When a phase began: wall clock and the process's CPU time. */
export interface PhaseStart {
  wall: number;
  cpu: number;
}

export const phaseStart = (): PhaseStart => ({ wall: performance.now(), cpu: cpuMs() });

function logPhase(logger: AstroIntegrationLogger, phase: string, wall: number, cpu: number): void {
  if (!BUILD_ENV.buildTimings) return;
  const rss = Math.round(process.memoryUsage.rss() / 1024 / 1024);
  logger.info(`fase ${phase}: ${Math.round(wall)} ms, ${Math.round(cpu)} ms de CPU, ${rss} MB en memoria`);
}

/** Runs a phase and prints its time, counted from `since` (a phase that began before this call) or from now. */
export async function timedPhase<T>(
  logger: AstroIntegrationLogger,
  phase: string,
  run: () => Promise<T> | T,
  since: PhaseStart = phaseStart(),
): Promise<T> {
  const result = await run();
  logPhase(logger, phase, performance.now() - since.wall, cpuMs() - since.cpu);
  return result;
}

/**
 * The time of a step that works in pieces between other steps' (one page at a time in the pass over the built
 * pages, ./built-html.ts): the wall and main-thread CPU time of its pieces, summed. The main thread's CPU
 * only: libuv's threads compress at the same time and are not this step's.
 */
export class PhaseMeter {
  private wall = 0;
  private cpu = 0;

  measure<T>(run: () => T): T {
    const start = performance.now();
    const cpu = process.threadCpuUsage();
    try {
      return run();
    } finally {
      const used = process.threadCpuUsage(cpu);
      this.wall += performance.now() - start;
      this.cpu += (used.user + used.system) / 1000;
    }
  }

  log(logger: AstroIntegrationLogger, phase: string): void {
    logPhase(logger, phase, this.wall, this.cpu);
  }
}

/**
 * Prints the process's CPU time when Astro starts bundling (`inicio`, after configuration and content
 * sync), when the bundler last wrote its output (`codigo`, however many environments it builds) and when
 * the pages and images are written (`paginas`): the bench takes the differences as each phase's CPU.
 */
export function buildCpuCheckpoints(): AstroIntegration {
  interface Checkpoint {
    cpu: number;
    memory: NodeJS.MemoryUsage;
  }
  const now = (): Checkpoint => ({ cpu: cpuMs(), memory: process.memoryUsage() });
  let bundled: Checkpoint | undefined;
  const point = (logger: AstroIntegrationLogger, name: string, { cpu, memory }: Checkpoint = now()) => {
    if (!BUILD_ENV.buildTimings) return;
    // Memory too: what the process holds there, and how much of it is the JavaScript heap.
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    logger.info(
      `cpu ${name}: ${cpu} ms; ${mb(memory.rss)} MB en memoria, heap ${mb(memory.heapUsed)} de ${mb(memory.heapTotal)} MB`,
    );
  };
  const bundler: Plugin = {
    name: 'angram:build-cpu',
    writeBundle() {
      bundled = now();
    },
  };
  return {
    name: 'angram:build-cpu',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        if (BUILD_ENV.buildTimings) updateConfig({ vite: { plugins: [bundler] } });
      },
      'astro:build:start': ({ logger }) => point(logger, 'inicio'),
      'astro:build:generated': ({ logger }) => {
        if (bundled) point(logger, 'codigo', bundled);
        point(logger, 'paginas');
      },
    },
  };
}
