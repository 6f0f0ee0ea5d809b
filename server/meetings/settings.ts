/**
 * The meetings' variables as the process reads them (server/config.ts validates them with these): where
 * the video call happens (`MEETING_URL_TEMPLATE`), when reminders go out (`MEETING_REMINDERS`) and which
 * calendars say the team is busy (`BUSY_ICS_URLS`). Pure functions: each returns the value or the Spanish
 * reason it is refused, so a wrong variable stops the start with its name.
 */
import { randomBytes } from 'node:crypto';

export const DEFAULT_MEETING_URL_TEMPLATE = 'https://meet.jit.si/angram-{room}';
export const DEFAULT_MEETING_REMINDERS = '24h,1h';

/** 16 random bytes: the 128 bits that make a room impossible to guess. */
const ROOM_BYTES = 16;
const ROOM = '{room}';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * An https address with `{room}` where each meeting's own random room goes (Jitsi Meet by default), or a
 * fixed address without it (the team's own Zoom, Meet or Teams room). `{room}` may not be in the host, and
 * no other `{…}` is allowed.
 */
export function parseMeetingUrlTemplate(value: string): Parsed<string> {
  const template = value.trim();
  const unknown = [...template.matchAll(/\{[^}]*\}/g)].map((match) => match[0]).filter((found) => found !== ROOM);
  if (unknown.length > 0) return { ok: false, error: `solo acepta {room}; quita ${unknown.join(', ')}` };
  const sample = template.replaceAll(ROOM, 'a'.repeat(ROOM_BYTES * 2));
  if (!URL.canParse(sample))
    return { ok: false, error: 'debe ser una URL completa, como https://meet.jit.si/angram-{room}' };
  const url = new URL(sample);
  if (url.protocol !== 'https:') return { ok: false, error: 'debe empezar con https://' };
  if (new URL(template.replaceAll(ROOM, 'b'.repeat(ROOM_BYTES * 2))).host !== url.host)
    return { ok: false, error: '{room} va en la ruta o en la consulta, no en el dominio' };
  if (url.username || url.password) return { ok: false, error: 'no debe llevar usuario ni contraseña' };
  return { ok: true, value: template };
}

/** A new room: 128 bits from the operating system's CSPRNG, as 32 lowercase hexadecimal characters. */
export function newRoom(): string {
  return randomBytes(ROOM_BYTES).toString('hex');
}

/** The video link of a new meeting: the template with a fresh room (a fixed address stays as it is). */
export function videoLinkFor(template: string, room: string = newRoom()): string {
  return template.replaceAll(ROOM, room);
}

const UNITS: Readonly<Record<string, number>> = { m: 1, h: 60, d: 24 * 60 };
/** Nobody wants a reminder for a meeting a month away; the booking horizon is 60 days anyway. */
const MAX_REMINDER_MINUTES = 7 * 24 * 60;

/**
 * `24h,1h` (also `30m`, `2d`) as minutes before the meeting, largest first; `off` (or `no`, `0`)
 * sends none.
 */
export function parseReminders(value: string): Parsed<number[]> {
  const text = value.trim().toLowerCase();
  if (['off', 'no', 'none', '0'].includes(text)) return { ok: true, value: [] };
  const minutes: number[] = [];
  for (const item of text.split(',').map((part) => part.trim())) {
    const match = /^(\d{1,4})\s*([mhd])$/.exec(item);
    const amount = match ? Number(match[1]) * (UNITS[match[2] ?? ''] ?? 0) : 0;
    if (!match || amount <= 0 || amount > MAX_REMINDER_MINUTES)
      return {
        ok: false,
        error: `"${item}" no es un aviso válido: usa horas, minutos o días antes de la reunión, como 24h,1h o 30m (máximo 7d), u off`,
      };
    if (!minutes.includes(amount)) minutes.push(amount);
  }
  return { ok: true, value: minutes.sort((a, b) => b - a) };
}

/** At most this many busy calendars: each is fetched every few minutes. */
const MAX_BUSY_FEEDS = 20;

/**
 * Comma-separated iCalendar addresses (a calendar's secret iCal address); `webcal://` is read as
 * `https://`. Empty: no busy times come in.
 */
export function parseBusyUrls(value: string): Parsed<string[]> {
  const urls: string[] = [];
  for (const item of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const candidate = item.replace(/^webcal:\/\//i, 'https://');
    if (!URL.canParse(candidate) || !/^https?:$/.test(new URL(candidate).protocol))
      return { ok: false, error: `"${shortUrl(item)}" no es una dirección http(s) o webcal de un calendario` };
    if (!urls.includes(candidate)) urls.push(candidate);
  }
  if (urls.length > MAX_BUSY_FEEDS) return { ok: false, error: `acepta hasta ${MAX_BUSY_FEEDS} calendarios` };
  return { ok: true, value: urls };
}

/** A feed's address for logs and errors: its host only (the path of a secret iCal address is the secret). */
export function shortUrl(url: string): string {
  try {
    return new URL(url.replace(/^webcal:\/\//i, 'https://')).host || 'dirección inválida';
  } catch {
    return 'dirección inválida';
  }
}
