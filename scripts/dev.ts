/**
 * `npm run dev`: Astro's dev server (http://localhost:4321) and the lead API (http://localhost:8081)
 * side by side, with their output prefixed. Ctrl+C stops both.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createInterface } from 'node:readline';

// No load balancer in development: Ctrl+C and --watch restarts stop the API without SHUTDOWN_DELAY_MS.
const env = { ...process.env, NODE_ENV: 'development', SHUTDOWN_DELAY_MS: '0' };
// --ignore-lock keeps Astro in the foreground even when it believes an agent is driving the terminal.
// Each child leads its own process group, so stopping it also stops what it started (node --watch
// runs the API in a grandchild).
const options: SpawnOptions = { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true };
const processes: Array<[string, ChildProcess]> = [
  ['sitio', spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', '--ignore-lock'], options)],
  ['api', spawn(process.execPath, ['--import', './server/env-file.ts', '--watch', 'server/standalone.ts'], options)],
];

for (const [name, child] of processes) {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${name}] ${line}\n`));
  }
  child.on('exit', (code) => {
    process.stdout.write(`[${name}] terminó con código ${code}\n`);
    stopAll();
  });
}

let stopping = false;
function stopAll(): void {
  if (stopping) return;
  stopping = true;
  for (const [, child] of processes) {
    if (child.exitCode !== null || child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  }
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
