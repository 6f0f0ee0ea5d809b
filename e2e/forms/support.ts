/**
 * Helpers of the form specs: a free day per test, the picker driven as a visitor drives it, the stored
 * lead read from the temporary SQLite database, and its two e-mails read from the outbox folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { leadFromRow, type StoredLead } from '../../server/lead/store.ts';
import { expect, waitForIsland } from '../support/fixtures.ts';

/**
 * Tests run in parallel against one database, so each one that books (or looks at) a slot owns a
 * different business day: the N-th day from tomorrow that the API offers slots on.
 */
export const DAY = {
  homeSmall: 1,
  contactBig: 2,
  startProject: 3,
  slotTaken: 4,
  apiDown: 5,
  keyboard: 6,
  accessibility: 7,
  inbox: 8,
  firstUse: 9,
  meetingDesktop: 10,
  meetingPhone: 11,
  inboxMeeting: 12,
  visitorPicker: 13,
  visitorReunion: 14,
  visitorReunionPhone: 15,
  consultingMeeting: 16,
  meetingEnglish: 17,
  meetingEnglishPhone: 18,
} as const;

export interface OpenDay {
  /** `YYYY-MM-DD` */
  date: string;
  slots: string[];
}

async function schedule(request: APIRequestContext, date: string): Promise<string[]> {
  const response = await request.post('/api/webSite/scheduleAvailable', { data: { date } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { schedule: string[] }).schedule;
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

/** The `n`-th day after today (Mexico City) with free slots, as the API sees it. */
export async function nthOpenDay(request: APIRequestContext, n: number): Promise<OpenDay> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
  let found = 0;
  for (let offset = 1; offset <= 60; offset += 1) {
    const date = addDays(new Date(`${today}T12:00:00Z`), offset)
      .toISOString()
      .slice(0, 10);
    const slots = await schedule(request, date);
    if (slots.length > 0 && (found += 1) === n) return { date, slots };
  }
  throw new Error(`no hay ${n} días con horarios en los próximos 60 días`);
}

export function freeSlots(request: APIRequestContext, date: string): Promise<string[]> {
  return schedule(request, date);
}

/** The lead form a page renders with `<FormSection form={kind} />`. */
export function leadForm(page: Page, kind: string): Locator {
  return page.locator(`[data-form="${kind}"]`).getByRole('form');
}

/**
 * Brings a form into view, touches it as a visitor does (focus on its first field) and waits until it has
 * hydrated: a form loads its island on first use, or as the visitor scrolls towards it (client:interact).
 */
export async function hydratedForm(page: Page, kind: string): Promise<Locator> {
  const form = leadForm(page, kind);
  await form.scrollIntoViewIfNeeded();
  await form.locator('input:not([type="hidden"]):not([tabindex="-1"]), select, textarea').first().focus();
  await waitForIsland(page, page.locator(`[data-form="${kind}"] astro-island`));
  return form;
}

/** Opens the picker from its trigger, types the date and waits for the slots. */
export async function openPickerOn(page: Page, date: string): Promise<Locator> {
  await page.getByRole('button', { name: /Elegir fecha y hora/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Agenda tu reunión' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Fecha', { exact: true }).fill(date);
  await expect(dialog.getByRole('group', { name: 'Horarios disponibles' })).toBeVisible();
  return dialog;
}

/** Chooses `time` on `date` and confirms; the trigger then shows the slot in words. */
export async function pickSlot(page: Page, date: string, time: string): Promise<void> {
  const dialog = await openPickerOn(page, date);
  const slot = dialog.getByRole('button', { name: time, exact: true });
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toBeHidden();
}

function database(): DatabaseSync {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error('E2E_DATABASE_PATH no está definido');
  return new DatabaseSync(path, { readOnly: true });
}

/** A stored lead, read as the API and the inbox read it (`leadFromRow`). */
export function storedLead(id: number): StoredLead | undefined {
  const db = database();
  try {
    const row = db.prepare('SELECT * FROM leads WHERE id = ?').get(id);
    return row && leadFromRow(row);
  } finally {
    db.close();
  }
}

/** Leads stored for an e-mail; each test uses its own address, since tests run side by side. */
export function leadsWithEmail(email: string): number {
  const db = database();
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM leads WHERE email = ?').get(email) as { n: number }).n;
  } finally {
    db.close();
  }
}

export function isBooked(slot: string): boolean {
  const db = database();
  try {
    return db.prepare('SELECT 1 FROM bookings WHERE slot = ?').get(slot) !== undefined;
  } finally {
    db.close();
  }
}

/** Quoted-printable bodies break lines and escape accents; undo both to search the text. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

export interface OutboxMessage {
  audience: 'client' | 'internal';
  recipient: string;
  /** The whole .eml, quoted-printable decoded. */
  text: string;
}

/** The lead's two messages as `.eml` files; the worker writes them right after the commit, so poll. */
export async function outboxMessages(leadId: number): Promise<OutboxMessage[]> {
  const dir = process.env.E2E_OUTBOX_DIR;
  if (!dir) throw new Error('E2E_OUTBOX_DIR no está definido');
  const db = database();
  let rows: Array<{ id: number; audience: 'client' | 'internal'; recipient: string }>;
  try {
    rows = db
      .prepare('SELECT id, audience, recipient FROM outbox WHERE lead_id = ? ORDER BY id')
      .all(leadId) as typeof rows;
  } finally {
    db.close();
  }
  const file = (row: (typeof rows)[number]) => join(dir, `${String(row.id).padStart(6, '0')}-${row.audience}.eml`);
  await expect
    .poll(() => rows.length === 2 && rows.every((row) => existsSync(file(row))), { timeout: 10_000 })
    .toBe(true);
  return rows.map((row) => ({
    audience: row.audience,
    recipient: row.recipient,
    text: decodeQuotedPrintable(readFileSync(file(row), 'utf8')),
  }));
}

/** The `CONT-<id>` the confirmation shows, as the lead id. */
export async function confirmedLeadId(page: Page): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: '¡Mensaje enviado con éxito! Te contactaremos pronto.' });
  await expect(status).toBeVisible({ timeout: 15_000 });
  const text = (await status.textContent()) ?? '';
  const match = /CONT-(\d+)/.exec(text);
  expect(match, `referencia en «${text}»`).not.toBeNull();
  return Number(match?.[1]);
}

/** Every request the page makes to a lead-storing call, for tests that must see none. */
export function watchSubmissions(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/webSite\/contact(Small|Big|Proyect|Consultancy)/.test(request.url())) seen.push(request.url());
  });
  return seen;
}

/** The body of the next lead-storing request. */
export async function nextSubmissionBody(page: Page, action: string): Promise<Record<string, string>> {
  const request = await page.waitForRequest((r) => r.url().endsWith(`/api/webSite/${action}`) && r.method() === 'POST');
  return request.postDataJSON() as Record<string, string>;
}
