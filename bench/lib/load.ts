/** What the multi-instance benchmarks (bench/cluster.ts, bench/chaos.ts) share: requests, visitors, percentiles. */
import { request, type Agent } from 'node:http';

export interface Answer {
  status: number;
  body: string;
}

/** An address per visitor, from 198.18.0.0/15 (reserved for benchmarks; only ever a header here). */
export const visitor = (index: number) => `198.18.${(index >> 8) & 255}.${index & 255}`;

/** One request on `agent`; a JSON `body` is sent with its length, `client` in X-Forwarded-For. */
export function requestWith(
  agent: Agent,
  url: string,
  method: string,
  body?: string,
  client?: string,
  timeoutMs = 30_000,
): Promise<Answer> {
  const headers: Record<string, string | number> = client ? { 'X-Forwarded-For': client } : {};
  if (body) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export const round = (value: number) => Math.round(value * 10) / 10;
