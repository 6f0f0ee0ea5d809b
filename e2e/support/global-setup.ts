import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts the real production server (`node server/index.ts`) on a free loopback port with a temporary
 * database and outbox, and hands its address to the tests through the environment.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync('dist/index.html')) throw new Error('Falta dist/: ejecuta "npm run build" antes de "playwright test".');
  const dataDir = await mkdtemp(join(tmpdir(), 'angram-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    NODE_ENV: 'production',
    DATABASE_PATH: join(dataDir, 'leads.db'),
    OUTBOX_DIR: join(dataDir, 'outbox'),
    // The browser suite submits many forms from one address.
    RATE_LIMIT_MAX: '10000',
    LOG_LEVEL: 'silent',
  };
  const child = spawn(process.execPath, ['server/index.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`El servidor no arrancó: ${output}`)), 15_000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      const match = /(http:\/\/[^\s]+?)\s/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`El servidor terminó (código ${code}): ${output}`)));
  });
  process.env.E2E_BASE_URL = url;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_DATABASE_PATH = env.DATABASE_PATH;
  process.env.E2E_OUTBOX_DIR = env.OUTBOX_DIR;

  return async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await rm(dataDir, { recursive: true, force: true });
  };
}
