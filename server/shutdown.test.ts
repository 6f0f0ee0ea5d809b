/**
 * A rolling deploy sends SIGTERM to the production process while requests are in flight: they must all
 * be answered (and stored), no new connection accepted, and the process must exit by itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStorage } from './db/open.ts';
import { VALID } from './testing/api.ts';

const dir = mkdtempSync(join(tmpdir(), 'angram-shutdown-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function startServer(
  name: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number; databasePath: string }> {
  const dist = join(dir, `${name}-dist`);
  rmSync(dist, { recursive: true, force: true });
  await import('node:fs/promises').then((fs) => fs.mkdir(dist, { recursive: true }));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Inicio</title>');
  const databasePath = join(dir, `${name}.db`);
  const child = spawn(process.execPath, ['server/index.ts'], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      DIST_DIR: dist,
      DATABASE_PATH: databasePath,
      OUTBOX_DIR: join(dir, `${name}-outbox`),
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '1000',
      // The draining cases below start at once; the delay has its own case.
      SHUTDOWN_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match?.[1]) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`el servidor terminó (${code}): ${output}`)));
  });
  return { child, port, databasePath };
}

/** A POST whose body arrives in two parts; resolves once the server has accepted the request. */
async function slowUpload(port: number, index: number): Promise<{ finish(): Promise<string>; socket: Socket }> {
  const body = JSON.stringify({ ...VALID.small, email: `lento${index}@empresa.mx` });
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  socket.write(
    `POST /api/webSite/contactSmall HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  // "100 Continue" means the server took the request in: from now on it is in flight.
  while (!answer.includes('100 Continue')) await once(socket, 'data');
  socket.write(body.slice(0, 20));
  return {
    socket,
    async finish() {
      socket.write(body.slice(20));
      await once(socket, 'end');
      return answer;
    },
  };
}

async function storedLeads(databasePath: string): Promise<number> {
  const storage = await openStorage({ databasePath });
  try {
    return (await storage.get<{ n: number }>('SELECT count(*) AS n FROM leads'))?.n ?? 0;
  } finally {
    await storage.close();
  }
}

/** The status of a request on a fresh connection (a kept-alive one could hide a closed listener). */
async function statusOf(port: number, path: string, post?: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    headers: { Connection: 'close', ...(post ? { 'Content-Type': 'application/json' } : {}) },
    ...(post ? { method: 'POST', body: post } : {}),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('SIGTERM with SHUTDOWN_DELAY_MS', () => {
  it('answers readiness 503 at once and serves everything else until the delay is over, then exits', async () => {
    const { child, port, databasePath } = await startServer('delay', { SHUTDOWN_DELAY_MS: '2000' });
    expect(await statusOf(port, '/api/ready')).toBe(200);
    const exited = once(child, 'exit');
    let exitedYet = false;
    void exited.then(() => (exitedYet = true));
    child.kill('SIGTERM');
    // The balancer's health check sees the 503 while the listener is still open...
    for (let ready = 200; ready !== 503;) ready = await statusOf(port, '/api/ready');
    // ...and the requests it still sends meanwhile are all served.
    expect(await statusOf(port, '/')).toBe(200);
    const body = JSON.stringify({ ...VALID.small, email: 'durante@empresa.mx' });
    const submitted = await statusOf(port, '/api/webSite/contactSmall', body);
    expect(submitted).toBe(201);
    expect(exitedYet).toBe(false);
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    await expect(statusOf(port, '/')).rejects.toThrow();
    expect(await storedLeads(databasePath)).toBe(1);
  });

  it('cuts the delay short on a second signal', async () => {
    const { child, port } = await startServer('hurry', { SHUTDOWN_DELAY_MS: '600000' });
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    for (let ready = 200; ready !== 503;) ready = await statusOf(port, '/api/ready');
    child.kill('SIGINT');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
  });
});

describe('SIGTERM during requests', () => {
  it('answers every request in flight, refuses new connections and exits on its own', async () => {
    const { child, port, databasePath } = await startServer('drain');
    const uploads = await Promise.all([1, 2, 3, 4, 5].map((index) => slowUpload(port, index)));
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    // The listening socket closes: a new client cannot start a request on this instance.
    await expect(
      (async () => {
        for (;;) {
          const socket = connect(port, '127.0.0.1');
          await once(socket, 'connect');
          socket.destroy();
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })(),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const answers = await Promise.all(uploads.map((upload) => upload.finish()));
    for (const answer of answers) {
      expect(answer).toMatch(/HTTP\/1\.1 201 Created/);
      expect(answer).toMatch(/^Connection: close/im);
    }
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    expect(await storedLeads(databasePath)).toBe(5);
  });

  it('cuts a request that never finishes once SHUTDOWN_TIMEOUT_MS has passed, and still exits', async () => {
    const { child, port } = await startServer('stuck', { SHUTDOWN_TIMEOUT_MS: '300' });
    const stuck = await slowUpload(port, 9);
    const closed = once(stuck.socket, 'close');
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    await closed;
  });
});
