import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts `node server/index.ts` on a free loopback port over dist/, with a throwaway database. */
export async function startProductionServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'angram-bench-'));
  const child: ChildProcess = spawn(process.execPath, ['server/index.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      NODE_ENV: 'production',
      DATABASE_PATH: join(dataDir, 'leads.db'),
      OUTBOX_DIR: join(dataDir, 'outbox'),
      LOG_LEVEL: 'silent',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      const match = /(http:\/\/[^\s]+?)\s/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`el servidor terminó (código ${code}): ${output}`)));
  });
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
