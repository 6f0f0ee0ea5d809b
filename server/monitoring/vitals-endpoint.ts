/**
 * `POST /api/vitals`: the pages' measurement beacons. Nobody waits on the answer (the page is being
 * hidden), so the endpoint's job is to cost little and keep nothing doubtful: a body over the size cap is
 * not read, a wrong content type or a malformed, out-of-range or unknown-page beacon is a 4xx counted by
 * reason, and an address sending more than a visitor could is refused for the rest of the minute (counted
 * in this instance's memory: the address is never written anywhere). Accepted beacons only add to
 * counters (./vitals-store.ts); the user agent is read for the device class and dropped.
 */
import type { IncomingMessage } from 'node:http';
import { BEACON_MAX_BYTES } from '../../core/monitoring/beacon.ts';
import { todayInMexicoCity } from '../../core/dates.ts';
import type { ApiResponse } from '../errors.ts';
import { isBeaconContentType, judgeBeacon, type BeaconRefusal } from './beacon.ts';
import { deviceClassOf } from './device-class.ts';
import type { VitalsRecorder } from './vitals-store.ts';

export type Refusal = BeaconRefusal | 'rate-limited';

export interface BeaconCounts {
  taken: number;
  refused: Record<Refusal, number>;
}

export interface VitalsEndpointOptions {
  recorder: VitalsRecorder;
  /** The site's pages, normalised (no trailing slash). */
  pages: ReadonlySet<string>;
  /** Beacons accepted per address and minute, on this instance. */
  perMinute: number;
  /** The caller's address (trusted-proxy aware), used only as a key in memory. */
  addressOf: (req: IncomingMessage) => string;
  now?: () => Date;
}

export interface VitalsEndpoint {
  handle(req: IncomingMessage): Promise<ApiResponse>;
  counts: BeaconCounts;
}

const WINDOW_MS = 60_000;

type BodyRead = { text: string } | { refused: 'too-large' | 'malformed' } | { gone: true };

/** The body as UTF-8 text, at most `limit` bytes; stops reading past it. */
function readSmallBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        resolve({ refused: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => {
      try {
        resolve({ text: new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)) });
      } catch {
        resolve({ refused: 'malformed' });
      }
    });
    req.once('error', () => resolve({ gone: true }));
    req.once('close', () => {
      if (!req.readableEnded) resolve({ gone: true });
    });
  });
}

const STATUS: Readonly<Record<Refusal, number>> = {
  'content-type': 415,
  'too-large': 413,
  malformed: 400,
  'unknown-page': 404,
  'rate-limited': 429,
};

export function createVitalsEndpoint(options: VitalsEndpointOptions): VitalsEndpoint {
  const now = options.now ?? (() => new Date());
  const counts: BeaconCounts = {
    taken: 0,
    refused: { 'content-type': 0, 'too-large': 0, malformed: 0, 'unknown-page': 0, 'rate-limited': 0 },
  };
  let window = { startedAt: 0, perAddress: new Map<string, number>() };

  const refuse = (reason: Refusal, close = false): ApiResponse => {
    counts.refused[reason] += 1;
    return {
      status: STATUS[reason],
      body: null,
      // The rest of a refused body is not read: the connection closes instead.
      headers: close ? { Connection: 'close' } : {},
    };
  };

  function overLimit(address: string, at: number): boolean {
    if (at - window.startedAt >= WINDOW_MS) window = { startedAt: at, perAddress: new Map() };
    const seen = (window.perAddress.get(address) ?? 0) + 1;
    window.perAddress.set(address, seen);
    return seen > options.perMinute;
  }

  async function handle(req: IncomingMessage): Promise<ApiResponse> {
    if (!isBeaconContentType(req.headers['content-type'])) return refuse('content-type', true);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > BEACON_MAX_BYTES) return refuse('too-large', true);
    const at = now();
    if (overLimit(options.addressOf(req), at.getTime())) return refuse('rate-limited', true);
    const read = await readSmallBody(req, BEACON_MAX_BYTES);
    if ('gone' in read) return { status: 400, body: null, headers: { Connection: 'close' } };
    if ('refused' in read) return refuse(read.refused, read.refused === 'too-large');
    const verdict = judgeBeacon(read.text, options.pages);
    if (!verdict.ok) return refuse(verdict.reason);
    options.recorder.record(verdict.beacon, deviceClassOf(req.headers['user-agent']), todayInMexicoCity(at));
    counts.taken += 1;
    return { status: 204, body: null };
  }

  return { handle, counts };
}
