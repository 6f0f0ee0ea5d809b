/**
 * Test helper (not a test): the real lead API and the inbox on one loopback server over a temporary
 * database (either engine), with a clock the test moves, and a browser-like client that keeps cookies,
 * reads each form's CSRF token from the page and never follows redirects on its own.
 */
import type { AddressInfo } from 'node:net';
import { startTestApi, TEST_NOW, type TestApi } from './api.ts';
import { createApp } from '../app.ts';
import type { EngineName } from '../db/testing/engines.ts';
import { silentLogger } from '../log/logger.ts';
import { runUserCommand } from '../admin/user-command/run.ts';
import { loadAdminConfig } from '../admin/config.ts';
import { inboxConfigOf } from '../admin/config-slice.ts';
import { createAdmin, type Admin } from '../admin/index.ts';

export const TEST_PASSWORD = 'Clave de prueba 2026!';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  location: string | null;
}

export interface AdminClient {
  cookies: Map<string, string>;
  get(path: string, headers?: Record<string, string>): Promise<Answer>;
  /** Posts a form; adds the CSRF token of the last page read unless `csrf` is given (or null: none). */
  post(
    path: string,
    form: Record<string, string>,
    options?: { csrf?: string | null; headers?: Record<string, string> },
  ): Promise<Answer>;
  signIn(email: string, password?: string): Promise<Answer>;
  lastCsrf(): string | undefined;
}

export interface TestAdmin {
  url: string;
  api: TestApi;
  admin: Admin;
  /** The business clock of both the API and the inbox. */
  clock: { now: Date };
  client(): AdminClient;
  createUser(email: string, role: 'admin' | 'sales', name?: string): Promise<void>;
  dispose(): Promise<void>;
}

function storeCookies(jar: Map<string, string>, headers: Headers): void {
  for (const line of headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const equals = pair.indexOf('=');
    const name = pair.slice(0, equals).trim();
    const value = pair.slice(equals + 1).trim();
    if (/Max-Age=0/i.test(line) || value === '') jar.delete(name);
    else jar.set(name, decodeURIComponent(value));
  }
}

export async function startTestAdmin(engine: EngineName, env: NodeJS.ProcessEnv = {}): Promise<TestAdmin> {
  const clock = { now: TEST_NOW };
  const api = await startTestApi(env, { engine, now: () => clock.now });
  // Production hashes cost a second each on a busy machine; tests sign in hundreds of times.
  const config = loadAdminConfig({ ADMIN_PASSWORD_SCRYPT_LOG_N: '12', ...env });
  const admin = await createAdmin(inboxConfigOf(api.config, config), {
    storage: api.storage,
    leadSettings: api.settings,
    beforeErasure: (leadIds) => api.api.cancelMeetingsBeforeErasure(leadIds),
    meetings: api.api.meetings.service,
    mail: api.inboxMail,
    // The digest runs when a test calls it, on the test's clock.
    digest: false,
    now: () => clock.now,
    logger: silentLogger,
  });
  const server = createApp({ api: api.api, admin });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;

  function client(): AdminClient {
    const cookies = new Map<string, string>();
    let csrf: string | undefined;
    const send = async (
      path: string,
      method: 'GET' | 'POST',
      headers: Record<string, string>,
      body?: string,
    ): Promise<Answer> => {
      const cookie = [...cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
      const response = await fetch(url + path, {
        method,
        body,
        redirect: 'manual',
        headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
      });
      storeCookies(cookies, response.headers);
      // The BOM of a CSV is part of what is tested: keep it.
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
      const token = /name="csrf" value="([^"]+)"/.exec(text)?.[1];
      if (token) csrf = token;
      return { status: response.status, headers: response.headers, text, location: response.headers.get('location') };
    };
    const self: AdminClient = {
      cookies,
      get: (path, headers = {}) => send(path, 'GET', headers),
      post: (path, form, options = {}) => {
        const token = options.csrf === undefined ? csrf : options.csrf;
        const body = new URLSearchParams({
          ...form,
          ...(token === null || token === undefined ? {} : { csrf: token }),
        });
        return send(
          path,
          'POST',
          { 'Content-Type': 'application/x-www-form-urlencoded', ...options.headers },
          body.toString(),
        );
      },
      async signIn(email, password = TEST_PASSWORD) {
        await self.get('/admin/login');
        return self.post('/admin/login', { email, password });
      },
      lastCsrf: () => csrf,
    };
    return self;
  }

  return {
    url,
    api,
    admin,
    clock,
    client,
    async createUser(email, role, name) {
      const code = await runUserCommand({ action: 'create', email, role, name }, api.storage, {
        password: TEST_PASSWORD,
        ask: () => Promise.reject(new Error('sin terminal')),
        interactive: false,
        out: () => undefined,
        err: (line) => {
          throw new Error(line);
        },
        now: () => clock.now,
        passwordCost: config.passwordCost,
      });
      if (code !== 0) throw new Error(`admin:user terminó con ${code}`);
    },
    async dispose() {
      server.server.closeAllConnections();
      await server.close();
      await admin.close();
      await api.dispose();
    },
  };
}
