import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ProductionServer {
  url: string;
  /** The server's process (fault tests look at whether it is still running). */
  child: ChildProcess;
  /** Temporary folder holding the database and the outbox. */
  dataDir: string;
  databasePath: string;
  outboxDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the real production server (`node server/index.ts`) on a free loopback port over dist/, with a
 * throwaway database and outbox. Used by the browser test suite and the benchmarks.
 */
export async function startProductionServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<ProductionServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'angram-server-'));
  const databasePath = join(dataDir, 'leads.db');
  const outboxDir = join(dataDir, 'outbox');
  const child: ChildProcess = spawn(process.execPath, ['server/index.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      NODE_ENV: 'production',
      DATABASE_PATH: databasePath,
      OUTBOX_DIR: outboxDir,
      LOG_LEVEL: 'silent',
      // Nothing balances traffic to it: stop() need not wait for a balancer to notice.
      SHUTDOWN_DELAY_MS: '0',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let url: string;
  try {
    url = await started(child);
  } catch (error) {
    // A server that did not start in time is stopped: left running, it kept the stderr it inherited, and
    // the test runner, waiting for that pipe to close, hung after its last test until it was killed.
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    child,
    dataDir,
    databasePath,
    outboxDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server's address, from its first line of output, or a rejection if it exits or stays silent 15 s. */
function started(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`el servidor no arrancó en 15 s: ${output}`)), 15_000);
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      const match = /(http:\/\/[^\s]+?)\s/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`el servidor terminó (código ${code}): ${output}`)));
  });
}
