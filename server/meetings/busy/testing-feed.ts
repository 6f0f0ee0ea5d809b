/**
 * Test helper (not a test): a busy calendar as a team's calendar app would publish it, and a loopback
 * HTTP server that serves it, fails, stalls or sends too much on demand. Week of Monday 2026-11-23.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const BUSY_FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Pruebas//Agenda del equipo//ES',
  // An Outlook-style zone: a Windows name, defined by the feed itself.
  'BEGIN:VTIMEZONE',
  'TZID:Central Standard Time (Mexico)',
  'BEGIN:STANDARD',
  'DTSTART:16010101T000000',
  'TZOFFSETFROM:-0600',
  'TZOFFSETTO:-0600',
  'END:STANDARD',
  'END:VTIMEZONE',
  // Timed, in UTC: Tuesday 24th 11:30-12:30 Mexico City (slots 11:00 and 12:00).
  'BEGIN:VEVENT',
  'UID:timed@pruebas',
  'DTSTAMP:20261101T000000Z',
  'DTSTART:20261124T173000Z',
  'DTEND:20261124T183000Z',
  'SUMMARY:Revisión con un cliente',
  'END:VEVENT',
  // All day: Wednesday 25th.
  'BEGIN:VEVENT',
  'UID:allday@pruebas',
  'DTSTAMP:20261101T000000Z',
  'DTSTART;VALUE=DATE:20261125',
  'DTEND;VALUE=DATE:20261126',
  'SUMMARY:Congreso',
  'END:VEVENT',
  // Weekly, Thursdays 09:00 Mexico City (an IANA zone the feed does not define), the 3 December
  // occurrence excluded and the 17 December one moved to 14:00.
  'BEGIN:VEVENT',
  'UID:weekly@pruebas',
  'DTSTAMP:20261101T000000Z',
  'DTSTART;TZID=America/Mexico_City:20261126T090000',
  'DTEND;TZID=America/Mexico_City:20261126T100000',
  'RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=5',
  'EXDATE;TZID=America/Mexico_City:20261203T090000',
  'SUMMARY:Junta semanal',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:weekly@pruebas',
  'DTSTAMP:20261101T000000Z',
  'RECURRENCE-ID;TZID=America/Mexico_City:20261217T090000',
  'DTSTART;TZID=America/Mexico_City:20261217T140000',
  'DTEND;TZID=America/Mexico_City:20261217T150000',
  'SUMMARY:Junta semanal (movida)',
  'END:VEVENT',
  // Another zone: Friday 27th 20:00-21:00 in Madrid is 13:00-14:00 in Mexico City.
  'BEGIN:VEVENT',
  'UID:madrid@pruebas',
  'DTSTAMP:20261101T000000Z',
  'DTSTART;TZID=Europe/Madrid:20261127T200000',
  'DTEND;TZID=Europe/Madrid:20261127T210000',
  'SUMMARY:Llamada con Madrid',
  'END:VEVENT',
  // The feed's own zone: Monday 30th 15:00-16:00.
  'BEGIN:VEVENT',
  'UID:outlook@pruebas',
  'DTSTAMP:20261101T000000Z',
  'DTSTART;TZID=Central Standard Time (Mexico):20261130T150000',
  'DTEND;TZID=Central Standard Time (Mexico):20261130T160000',
  'SUMMARY:Comité',
  'END:VEVENT',
  // Free and cancelled events block nothing: Monday 30th 10:00 and 11:00.
  'BEGIN:VEVENT',
  'UID:free@pruebas',
  'DTSTAMP:20261101T000000Z',
  'DTSTART:20261130T160000Z',
  'DTEND:20261130T170000Z',
  'TRANSP:TRANSPARENT',
  'SUMMARY:Recordatorio personal',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:cancelled@pruebas',
  'DTSTAMP:20261101T000000Z',
  'DTSTART:20261130T170000Z',
  'DTEND:20261130T180000Z',
  'STATUS:CANCELLED',
  'SUMMARY:Cancelada',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** A calendar of `events` (each one VEVENT's lines), as a calendar app writes it. */
export function calendarOf(events: readonly string[][]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Pruebas//Agenda del equipo//ES',
    ...events.flat(),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/**
 * One recurring event whose rule no date satisfies (there is no 31 February): ical.js loops inside one
 * step looking for its next date and never comes back.
 */
export function hostileFeed(rule = 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31'): string {
  return calendarOf([
    [
      'BEGIN:VEVENT',
      'UID:imposible@pruebas',
      'DTSTAMP:20261101T000000Z',
      'DTSTART:20261101T160000Z',
      'DTEND:20261101T170000Z',
      `RRULE:${rule}`,
      'END:VEVENT',
    ],
  ]);
}

const icsUtc = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';

/**
 * A large, ordinary calendar: `count` half-hour events over the next 60 days, nine a day at most (one per
 * hour from 09:00 Mexico City), each with its own UID.
 */
export function largeFeed(count: number, fromMs = Date.parse('2026-11-23T15:00:00Z')): string {
  const events: string[][] = [];
  for (let index = 0; index < count; index += 1) {
    const start = fromMs + (index % 60) * 24 * 60 * 60 * 1000 + (Math.floor(index / 60) % 9) * 60 * 60 * 1000;
    events.push([
      'BEGIN:VEVENT',
      `UID:evento-${index}@pruebas`,
      'DTSTAMP:20261101T000000Z',
      `DTSTART:${icsUtc(start)}`,
      `DTEND:${icsUtc(start + 30 * 60 * 1000)}`,
      `SUMMARY:Seguimiento con el cliente ${index}`,
      'END:VEVENT',
    ]);
  }
  return calendarOf(events);
}

/** A daily 16:00-17:00 Mexico City event that began in January 2010 and never ends. */
export const OLD_DAILY_FEED = calendarOf([
  [
    'BEGIN:VEVENT',
    'UID:diaria-desde-2010@pruebas',
    'DTSTAMP:20100101T000000Z',
    'DTSTART;TZID=America/Mexico_City:20100104T160000',
    'DTEND;TZID=America/Mexico_City:20100104T170000',
    'RRULE:FREQ=DAILY',
    'SUMMARY:Cierre del día',
    'END:VEVENT',
  ],
]);

export type FeedMode = 'ok' | 'fail' | 'stall' | 'huge' | 'garbage' | 'custom';

export interface FeedServer {
  url: string;
  mode: FeedMode;
  requests: number;
  /** Serves `text` from now on (mode `custom`). */
  serve(text: string): void;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const state = { mode: 'ok' as FeedMode, requests: 0, body: BUSY_FEED };
  const stalled: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    state.requests += 1;
    if (state.mode === 'fail') {
      res.writeHead(503).end('mantenimiento');
      return;
    }
    if (state.mode === 'stall') {
      // Headers, then nothing: only a timeout over the whole answer ends it.
      res.writeHead(200, { 'Content-Type': 'text/calendar' });
      res.write('BEGIN:VCALENDAR\r\n');
      stalled.push(() => res.destroy());
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' });
    if (state.mode === 'huge') {
      // No Content-Length: the limit is counted while reading.
      res.end(`BEGIN:VCALENDAR\r\nX-RELLENO:${'x'.repeat(64 * 1024)}\r\nEND:VCALENDAR\r\n`);
      return;
    }
    if (state.mode === 'custom') res.end(state.body);
    else res.end(state.mode === 'garbage' ? '<html>No es un calendario</html>' : BUSY_FEED);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/equipo.ics`,
    get mode() {
      return state.mode;
    },
    set mode(value: FeedMode) {
      state.mode = value;
    },
    get requests() {
      return state.requests;
    },
    serve(text: string) {
      state.mode = 'custom';
      state.body = text;
    },
    async close() {
      for (const end of stalled) end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
