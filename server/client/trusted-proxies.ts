/**
 * Whose forwarded headers (X-Forwarded-For, -Proto, -Host) the server believes: `TRUST_PROXY`.
 *
 * - A hop count (`1`, `true`, `2`): that many proxies are assumed in front of every connection. Anyone
 *   who can reach the port directly can then write X-Forwarded-For and pass for any address.
 * - A list of proxy addresses and CIDR ranges, IPv4 or IPv6 (`10.0.0.0/8,127.0.0.1,::1`): forwarded
 *   headers count only on connections from a listed proxy, and X-Forwarded-For is walked from the
 *   right past every listed hop; the first address that is not a listed proxy is the client.
 *
 * Either way the answer is a number of hops for this request, which the readers of each header use.
 */
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

export type TrustProxy =
  | { readonly kind: 'hops'; readonly hops: number }
  | { readonly kind: 'list'; readonly proxies: readonly string[]; readonly matcher: BlockList };

export const TRUST_NO_PROXY: TrustProxy = { kind: 'hops', hops: 0 };

/** The largest hop count `TRUST_PROXY` takes. */
const MAX_HOP_COUNT = 10;
/** X-Forwarded-For entries walked at most: no real chain of proxies is longer. */
const MAX_WALK = 32;

/** `TRUST_PROXY` read, or a Spanish message naming what is wrong. */
export function parseTrustProxy(value: string): TrustProxy | { error: string } {
  const normalized = value.trim().toLowerCase();
  if (['true', 'yes', 'on'].includes(normalized)) return { kind: 'hops', hops: 1 };
  if (['false', 'no', 'off'].includes(normalized)) return TRUST_NO_PROXY;
  if (/^\d+$/.test(normalized)) {
    const hops = Number(normalized);
    if (hops <= MAX_HOP_COUNT) return { kind: 'hops', hops };
    return { error: `TRUST_PROXY admite a lo más ${MAX_HOP_COUNT} proxies; mejor lista sus direcciones` };
  }
  const proxies = normalized
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const matcher = new BlockList();
  for (const entry of proxies) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const maxBits = family === 4 ? 32 : 128;
    const validPrefix = bits === undefined || (/^\d+$/.test(prefix ?? '') && bits <= maxBits);
    if (family === 0 || rest.length > 0 || !validPrefix) {
      return {
        error: `TRUST_PROXY: "${entry}" no es una dirección IP ni un rango CIDR; usa true, false, un número de proxies o una lista como 10.0.0.0/8,127.0.0.1,::1`,
      };
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) matcher.addAddress(address, type);
    else matcher.addSubnet(address, bits, type);
  }
  if (proxies.length === 0) return { error: 'TRUST_PROXY está vacío' };
  return { kind: 'list', proxies, matcher };
}

/**
 * An X-Forwarded-For entry as an address: `203.0.113.9`, `203.0.113.9:51234` (some balancers add the
 * port) and `[2001:db8::1]:443` all give the bare address; anything else is `undefined`.
 */
export function addressOfEntry(entry: string): string | undefined {
  const trimmed = entry.trim();
  if (isIP(trimmed)) return trimmed;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(trimmed);
  if (bracketed?.[1] && isIP(bracketed[1]) === 6) return bracketed[1];
  const withPort = /^([\d.]+):\d{1,5}$/.exec(trimmed);
  if (withPort?.[1] && isIP(withPort[1]) === 4) return withPort[1];
  return undefined;
}

function isTrusted(trust: Extract<TrustProxy, { kind: 'list' }>, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && trust.matcher.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The X-Forwarded-For entries, leftmost first (several headers are one list). */
export function forwardedFor(req: IncomingMessage): string[] {
  const header = req.headers['x-forwarded-for'];
  return (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * How many proxies in front of this request forwarded it: the client is that many entries from the
 * right of X-Forwarded-For (0: the connection's own address is the client's).
 */
export function trustedHops(req: IncomingMessage, trust: TrustProxy): number {
  if (trust.kind === 'hops') return trust.hops;
  const peer = req.socket.remoteAddress;
  if (!peer || !isTrusted(trust, peer)) return 0;
  const entries = forwardedFor(req);
  let hops = 1;
  for (let index = entries.length - 1; index >= 0 && hops <= MAX_WALK; index -= 1) {
    const address = addressOfEntry(entries[index] ?? '');
    if (address === undefined || !isTrusted(trust, address)) break;
    hops += 1;
  }
  return hops;
}
