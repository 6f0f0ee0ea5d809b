/**
 * Helpers of the sales inbox specs: accounts made with the real `npm run admin:user` script against the
 * test server's database, leads sent through the real API, sign-in as a person does it, and direct
 * reads and writes of the SQLite file for what a browser cannot do (ageing a session).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../support/fixtures.ts';

export const PASSWORD = 'Clave de prueba 2026!';

export interface Account {
  email: string;
  name: string;
  password: string;
}

function databasePath(): string {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error('E2E_DATABASE_PATH no está definido: global-setup no arrancó el servidor.');
  return path;
}

/** Runs `npm run admin:user` (the script itself) on the test database; returns its stdout. */
export function adminUser(args: string[], password?: string): string {
  return execFileSync(process.execPath, ['scripts/admin-user.ts', ...args], {
    env: {
      PATH: process.env.PATH,
      DATABASE_PATH: databasePath(),
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD_SCRYPT_LOG_N: '12',
      ...(password ? { ADMIN_PASSWORD: password } : {}),
    },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A new account with a unique e-mail (tests run in parallel on one database). */
export function createAccount(role: 'admin' | 'sales', name: string): Account {
  const email = `${role}-${randomBytes(4).toString('hex')}@angram.mx`;
  adminUser(['--email', email, '--role', role, '--name', name], PASSWORD);
  return { email, name, password: PASSWORD };
}

export async function signIn(page: Page, account: Account, path = '/admin/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Correo electrónico', { exact: true }).fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

export interface SentLead {
  id: number;
  reference: string;
}

/** Sends a lead through the public API, as the site's form does. */
export async function sendLead(
  request: APIRequestContext,
  action: string,
  body: Record<string, string>,
  origin = '/contacto',
): Promise<SentLead> {
  const response = await request.post(`/api/webSite/${action}`, {
    data: body,
    headers: { Referer: `https://www.angram.mx${origin}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const answer = (await response.json()) as { id: number; reference: string };
  return { id: answer.id, reference: answer.reference };
}

/** Writes to the test database directly (the server keeps it in WAL mode, so this is safe alongside it). */
export function withDatabase<T>(work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(databasePath());
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}

/** Every path of the inbox that a browser can open, for the guards and axe. */
export function inboxPaths(leadId: number, userId: number): string[] {
  return [
    '/admin',
    '/admin/contacts',
    '/admin/contacts?status=nuevo&page=2',
    `/admin/contacts/${leadId}`,
    '/admin/contacts/export.csv',
    '/admin/meetings',
    '/admin/dashboard',
    '/admin/account',
    '/admin/users',
    `/admin/users/${userId}`,
  ];
}

export function userIdOf(email: string): number {
  return withDatabase(
    (db) => (db.prepare('SELECT id FROM inbox_users WHERE email = ?').get(email) as { id: number }).id,
  );
}
