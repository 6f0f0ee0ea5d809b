/**
 * `node scripts/parallel.ts "<command>" "<command>" ...`: runs shell commands side by side and fails when
 * any of them fails. `npm test` uses it for ESLint, the type checks and Vitest: the first two are a single
 * thread each, and Vitest's files spend much of their time waiting on servers, timers and PostgreSQL, so
 * one after the other they left CI's two cores partly idle for minutes. The site's build for Playwright
 * follows the type check, which ends first, instead of waiting for all three. Each command's output is held and
 * printed whole when it ends, so two reports never interleave.
 */
import { spawn } from 'node:child_process';

interface Finished {
  command: string;
  code: number;
  output: string;
  seconds: number;
}

function run(command: string): Promise<Finished> {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = (code: number) =>
      resolve({ command, code, output: Buffer.concat(chunks).toString(), seconds: (performance.now() - start) / 1000 });
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

const commands = process.argv.slice(2);
if (commands.length === 0) {
  process.stderr.write('Uso: node scripts/parallel.ts "<comando>" "<comando>" ...\n');
  process.exit(2);
}

const results = await Promise.all(
  commands.map((command) =>
    run(command).then((result) => {
      const verdict = result.code === 0 ? 'terminó bien' : `falló con código ${result.code}`;
      process.stdout.write(`\n> ${command}\n${result.output}> ${verdict} en ${result.seconds.toFixed(1)} s\n`);
      return result;
    }),
  ),
);
process.exitCode = results.some((result) => result.code !== 0) ? 1 : 0;
