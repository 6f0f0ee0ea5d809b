/**
 * `GET /metrics` in Prometheus text format (prom-client), for an operator's scraper: request durations by
 * route, 5xx answers, leads stored, the outbox's pending and failed messages, beacons taken and refused,
 * and the database's latency. Counts kept in this process are per instance (Prometheus sums instances);
 * the ones read from the database at scrape time are the whole site's. Closed unless the request brings
 * `Authorization: Bearer $METRICS_TOKEN`; without a token set it is always closed.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { createLeadStore } from '../lead/store.ts';
import { createOutboxStore } from '../db/outbox.ts';
import type { Storage } from '../db/storage.ts';
import type { BeaconCounts } from './vitals-endpoint.ts';

export const METRICS_PATH = '/metrics';

export interface MetricsOptions {
  storage: Storage;
  token: string | undefined;
  beacons: BeaconCounts;
}

export interface Metrics {
  /** Records one answered request: `route` is a bounded name (a known API route, `admin`, `site`). */
  observe(route: string, method: string, status: number, seconds: number): void;
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

function authorised(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function createMetrics({ storage, token, beacons }: MetricsOptions): Metrics {
  // The tables' own modules count their rows: no SQL on leads or outbox outside them.
  const leads = createLeadStore(storage);
  const outbox = createOutboxStore(storage);
  const registry = new Registry();
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duración de las respuestas HTTP por ruta, método y clase de estado.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const serverErrors = new Counter({
    name: 'http_responses_5xx_total',
    help: 'Respuestas 5xx por ruta.',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'leads_stored',
    help: 'Leads guardados en la base (todas las instancias).',
    registers: [registry],
    async collect() {
      this.set(await leads.count());
    },
  });
  new Gauge({
    name: 'outbox_messages',
    help: 'Correos de la bandeja de salida por estado (pending, failed).',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const { pending, failed } = await outbox.counts();
      this.set({ status: 'pending' }, pending);
      this.set({ status: 'failed' }, failed);
    },
  });
  new Gauge({
    name: 'database_latency_seconds',
    help: 'Lo que tardó la base en contestar una consulta trivial al leer las métricas.',
    registers: [registry],
    async collect() {
      const started = performance.now();
      await storage.ping();
      this.set((performance.now() - started) / 1000);
    },
  });
  new Counter({
    name: 'vitals_beacons_taken_total',
    help: 'Beacons de Web Vitals aceptados por esta instancia.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(beacons.taken);
    },
  });
  new Counter({
    name: 'vitals_beacons_refused_total',
    help: 'Beacons de Web Vitals rechazados por esta instancia, por motivo.',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [reason, refused] of Object.entries(beacons.refused)) this.inc({ reason }, refused);
    },
  });

  return {
    observe(route, method, status, seconds) {
      duration.observe({ route, method, status: `${Math.floor(status / 100)}xx` }, seconds);
      if (status >= 500) serverErrors.inc({ route });
    },
    async handle(req, res) {
      if (!authorised(req.headers.authorization, token)) {
        res.writeHead(401, { 'WWW-Authenticate': 'Bearer', 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Se necesita Authorization: Bearer con METRICS_TOKEN.\n');
        return;
      }
      const body = await registry.metrics();
      res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
      res.end(body);
    },
  };
}
