/**
 * Fetches one busy feed: a timeout over the whole answer (a server that stalls mid-body is cut too) and a
 * size limit counted while reading (never more than `maxBytes` in memory). Failures come back as
 * a `fetch` FeedError with a Spanish reason for the log; the address itself is never logged (it is a secret).
 */
import { FeedError } from './feed-error.ts';

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

export async function fetchFeed(url: string, limits: FetchLimits): Promise<string> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { Accept: 'text/calendar, */*;q=0.5' }, redirect: 'follow' });
  } catch (error) {
    throw new FeedError(
      'fetch',
      signal.aborted ? `sin respuesta en ${limits.timeoutMs} ms` : `no se pudo conectar (${causeOf(error)})`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new FeedError('fetch', `respondió ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new FeedError('fetch', `pesa ${declared} bytes, más que el límite de ${limits.maxBytes}`);
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limits.maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new FeedError('fetch', `pasa del límite de ${limits.maxBytes} bytes`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof FeedError) throw error;
    throw new FeedError(
      'fetch',
      signal.aborted ? `sin terminar en ${limits.timeoutMs} ms` : `se cortó (${causeOf(error)})`,
    );
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

function causeOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause && typeof cause === 'object' && 'code' in cause && typeof cause.code === 'string') return cause.code;
  return cause instanceof Error ? cause.message : 'error';
}
