import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { brotliOptions, gzipOptions, type Levels } from './compression-options.ts';
import { idleCompression, lowerPriority, type IdleCompression } from './idle-compression.ts';

const LEVELS: Levels = { brotli: 10, window: 22, postfix: 3, gzip: 9 };
const page = (n: number) =>
  Buffer.from(
    `<!doctype html><title>Caso ${n}</title><p>Migramos el inventario a la nube en seis semanas.</p>`.repeat(50),
  );

const opened: IdleCompression[] = [];
afterEach(() => {
  for (const compression of opened.splice(0)) compression.close();
});

function compressionFor(options: Parameters<typeof idleCompression>[0] = {}): IdleCompression {
  const compression = idleCompression(options);
  opened.push(compression);
  return compression;
}

describe('idleCompression', () => {
  it('gives the bytes the build’s own compression gives with the same levels', async () => {
    const compression = compressionFor();
    const sources = [page(1), page(2), page(3)];
    const copies = await Promise.all(sources.map((source) => compression.compress(source, LEVELS)));
    sources.forEach((source, index) => {
      const made = copies[index];
      if (!made) throw new Error('sin copias');
      expect(made.br.equals(brotliCompressSync(source, brotliOptions(LEVELS, source.length)))).toBe(true);
      expect(made.gz.equals(gzipSync(source, gzipOptions(LEVELS)))).toBe(true);
      expect(brotliDecompressSync(made.br).equals(source)).toBe(true);
      expect(gunzipSync(made.gz).equals(source)).toBe(true);
    });
  });

  it('leaves a file to the caller once the queue holds its bytes, and takes files again as it empties', async () => {
    const source = page(4);
    const compression = compressionFor({ helpers: 1, maxQueuedBytes: source.length * 2 });
    const first = compression.compress(source, LEVELS);
    const second = compression.compress(page(5), LEVELS);
    // The first went to the helper; the second waits; a third would pass the bound.
    const third = compression.compress(page(6), LEVELS);
    const fourth = compression.compress(page(7), LEVELS);
    expect(await fourth).toBeUndefined();
    expect(await first).toBeDefined();
    expect(await second).toBeDefined();
    expect(await third).toBeDefined();
    expect(await compression.compress(page(8), LEVELS)).toBeDefined();
  });

  it('gives back at once what is queued or running when dropped, and compresses what comes after', async () => {
    const compression = compressionFor({ helpers: 1 });
    const pending = [page(9), page(10), page(11)].map((source) => compression.compress(source, LEVELS));
    compression.drop();
    expect(await Promise.all(pending)).toEqual([undefined, undefined, undefined]);
    const later = page(12);
    const copies = await compression.compress(later, LEVELS);
    expect(copies && gunzipSync(copies.gz).equals(later)).toBe(true);
  });

  it('gives back a file its helper cannot compress, and the helper goes on with the next', async () => {
    const compression = compressionFor({ helpers: 1 });
    const refused = compression.compress(page(13), { ...LEVELS, gzip: 42 });
    const next = compression.compress(page(14), LEVELS);
    expect(await refused).toBeUndefined();
    expect(await next).toBeDefined();
  });

  it.runIf(process.platform === 'linux')(
    'gives back the work of a helper that dies, and compresses the next file with a new one',
    async () => {
      const earlier = helperPids();
      const compression = compressionFor({ helpers: 1 });
      expect(await compression.compress(page(17), LEVELS)).toBeDefined();
      const [helper] = helperPids().filter((pid) => !earlier.includes(pid));
      const running = compression.compress(Buffer.concat(Array.from({ length: 40 }, () => page(18))), LEVELS);
      process.kill(helper ?? 0, 'SIGKILL');
      expect(await running).toBeUndefined();
      expect(await compression.compress(page(19), LEVELS)).toBeDefined();
    },
  );

  it('stops starting helpers that cannot run, and compresses nothing rather than fail', async () => {
    const compression = compressionFor({ helpers: 1, worker: new URL('./no-existe.ts', import.meta.url) });
    expect(await compression.compress(page(20), LEVELS)).toBeUndefined();
    expect(await compression.compress(page(21), LEVELS)).toBeUndefined();
    expect(helperPids('no-existe.ts')).toEqual([]);
  });

  it('never keeps a process alive: a script that compresses and never closes ends by itself', () => {
    const module = new URL('./idle-compression.ts', import.meta.url).href;
    const script = `import { idleCompression } from ${JSON.stringify(module)};
      const copies = await idleCompression({ helpers: 1 }).compress(Buffer.alloc(4096, 'a'), ${JSON.stringify(LEVELS)});
      console.log(copies ? copies.gz.length : 'sin copias');`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.error).toBeUndefined();
    expect(run.status, run.stderr).toBe(0);
    expect(Number(run.stdout.trim())).toBeGreaterThan(0);
  });

  it.runIf(process.platform === 'linux')('runs its helpers in the idle class, or at nice 19', async () => {
    const earlier = helperPids();
    const compression = compressionFor({ helpers: 1 });
    expect(await compression.compress(page(22), LEVELS)).toBeDefined();
    const [helper] = helperPids().filter((pid) => !earlier.includes(pid));
    const { policy, nice } = scheduling(helper ?? 0);
    expect(policy === SCHED_IDLE || nice === 19).toBe(true);
  });

  it('gives back the work of a helper that stops, and compresses again with new helpers after close', async () => {
    const compression = compressionFor({ helpers: 1 });
    const running = compression.compress(page(15), LEVELS);
    compression.close();
    expect(await running).toBeUndefined();
    expect(await compression.compress(page(16), LEVELS)).toBeDefined();
  });
});

/** A process's scheduling policy and nice value, from /proc/<pid>/stat (fields 41 and 19). */
function scheduling(pid: number): { policy: number; nice: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { policy: Number(fields[38]), nice: Number(fields[16]) };
}

const SCHED_IDLE = 5;

/**
 * The helpers this process started that are still running, from /proc (Linux only; elsewhere none). An
 * earlier test's helper may still be ending: a test takes the ones that were not there before it.
 */
function helperPids(module = 'idle-compression-worker.ts'): number[] {
  if (process.platform !== 'linux') return [];
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(module);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe.runIf(process.platform === 'linux')('lowerPriority', () => {
  it('puts a process in the idle scheduling class, or at nice 19 where that is refused', () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const pid = child.pid ?? 0;
      lowerPriority(pid);
      const lowered = scheduling(pid);
      expect(lowered.policy === SCHED_IDLE || lowered.nice === 19, JSON.stringify(lowered)).toBe(true);
    } finally {
      child.kill();
    }
  });
});
