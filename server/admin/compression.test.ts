import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePage, precompressed } from './compression.ts';

const PAGE = Buffer.from(`<!DOCTYPE html>\n${'<tr><td>Álvaro Núñez</td><td>nuevo</td></tr>\n'.repeat(200)}`);

describe('inbox compression', () => {
  it('answers brotli or gzip as the browser accepts, with Vary, and the same bytes once decoded', () => {
    const br = encodePage({ 'accept-encoding': 'gzip, deflate, br' }, PAGE);
    expect(br.headers).toEqual({ 'Content-Encoding': 'br', Vary: 'Accept-Encoding' });
    expect(brotliDecompressSync(br.body)).toEqual(PAGE);
    expect(br.body.length).toBeLessThan(PAGE.length / 4);
    const gzip = encodePage({ 'accept-encoding': 'gzip;q=1, br;q=0' }, PAGE);
    expect(gzip.headers['Content-Encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body)).toEqual(PAGE);
  });

  it('sends identity, still with Vary, when nothing is accepted or the body is tiny', () => {
    expect(encodePage({}, PAGE)).toEqual({ body: PAGE, headers: { Vary: 'Accept-Encoding' } });
    expect(encodePage({ 'accept-encoding': 'br;q=0, gzip;q=0' }, PAGE).headers).toEqual({ Vary: 'Accept-Encoding' });
    const tiny = Buffer.from('<p>ok</p>');
    expect(encodePage({ 'accept-encoding': 'br' }, tiny).body).toBe(tiny);
  });

  it('never compresses a page another site made the browser load (the form token stays out of reach)', () => {
    for (const site of ['cross-site', 'same-site'])
      expect(encodePage({ 'accept-encoding': 'br', 'sec-fetch-site': site }, PAGE).headers).toEqual({
        Vary: 'Accept-Encoding',
      });
    expect(encodePage({ 'accept-encoding': 'br', 'sec-fetch-site': 'same-origin' }, PAGE).headers).toHaveProperty(
      'Content-Encoding',
      'br',
    );
  });

  it('compresses a fixed body once and serves each encoding from the copies', () => {
    const pick = precompressed(PAGE);
    const first = pick('br');
    expect(pick('br').body).toBe(first.body);
    expect(brotliDecompressSync(first.body)).toEqual(PAGE);
    expect(gunzipSync(pick('gzip').body)).toEqual(PAGE);
    expect(pick(undefined)).toEqual({ body: PAGE, headers: { Vary: 'Accept-Encoding' } });
  });
});
