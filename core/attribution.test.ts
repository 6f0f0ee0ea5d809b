import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_HEADER_MAX_BYTES,
  ATTRIBUTION_MAX_LENGTH,
  attributionHeaderValue,
  cleanAttribution,
  parseAttributionHeader,
} from './attribution.ts';
import { visitAttribution } from './visit-origin.ts';

describe('a visit’s first page', () => {
  it('records its path, the campaign parameters and an external referrer trimmed to origin and path', () => {
    expect(
      visitAttribution(
        'https://www.angram.mx/servicios/desarrollo-web?utm_source=google&utm_medium=cpc&utm_campaign=campa%C3%B1a-2026&utm_term=software+a+la+medida&utm_content=anuncio-a&email=ana@ejemplo.mx#precios',
        'https://www.google.com/search?q=ana%40ejemplo.mx',
      ),
    ).toEqual({
      landing: '/servicios/desarrollo-web',
      referrer: 'https://www.google.com/search',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'campaña-2026',
      utm_term: 'software a la medida',
      utm_content: 'anuncio-a',
    });
  });

  it('keeps no referrer from the site itself, and only the landing page of a direct visit', () => {
    expect(visitAttribution('https://www.angram.mx/contacto', 'https://www.angram.mx/')).toEqual({
      landing: '/contacto',
    });
    expect(visitAttribution('https://www.angram.mx/', '')).toEqual({ landing: '/' });
    expect(visitAttribution('no es una dirección', '')).toBeUndefined();
  });
});

describe('cleaning', () => {
  it('keeps known keys only, trims, and caps each value', () => {
    const long = 'x'.repeat(500);
    expect(
      cleanAttribution({
        utm_source: '  newsletter  ',
        utm_campaign: long,
        __proto__: { utm_medium: 'heredado' },
        constructor: 'x',
        sql: "'; DROP TABLE leads; --",
      }),
    ).toEqual({ utm_source: 'newsletter', utm_campaign: 'x'.repeat(ATTRIBUTION_MAX_LENGTH.utm_campaign) });
  });

  it('drops values with control or invisible formatting characters, and values that are not text', () => {
    expect(
      cleanAttribution({
        utm_source: 'google\u0000',
        utm_medium: 'cpc\nSet-Cookie: x',
        utm_campaign: 'a\u202Eb',
        utm_term: 'sin\u200Bancho',
        utm_content: 42,
        landing: ['/'],
      }),
    ).toBeUndefined();
  });

  it('keeps a landing only as a path of the site and a referrer only as an http(s) origin and path', () => {
    expect(cleanAttribution({ landing: 'https://evil.example/', referrer: 'javascript:alert(1)' })).toBeUndefined();
    expect(cleanAttribution({ landing: '//evil.example/x' })).toBeUndefined();
    expect(
      cleanAttribution({
        landing: '/contacto?email=ana@ejemplo.mx',
        referrer: 'https://ana:clave@blog.ejemplo/post?id=1',
      }),
    ).toEqual({ landing: '/contacto', referrer: 'https://blog.ejemplo/post' });
  });

  it('cuts a long value without splitting a character', () => {
    const value = cleanAttribution({ utm_source: `${'a'.repeat(99)}😀😀` })?.utm_source ?? '';
    expect(Array.from(value)).toHaveLength(ATTRIBUTION_MAX_LENGTH.utm_source);
    expect(value.endsWith('😀')).toBe(true);
  });
});

describe('the header', () => {
  it('is ASCII however the values are written, and reads back to the same values', () => {
    const value = attributionHeaderValue({ utm_campaign: 'Campaña “Otoño” 😀', landing: '/' });
    expect(value).toBeDefined();
    expect(/^[\x20-\x7e]+$/.test(value ?? '')).toBe(true);
    expect(parseAttributionHeader(value)).toEqual({ utm_campaign: 'Campaña “Otoño” 😀', landing: '/' });
  });

  it('is not sent when nothing is known', () => {
    expect(attributionHeaderValue({})).toBeUndefined();
    expect(attributionHeaderValue(null)).toBeUndefined();
  });

  it('reads as nothing when absent, repeated, oversized, not JSON or not an object', () => {
    expect(parseAttributionHeader(undefined)).toBeUndefined();
    expect(parseAttributionHeader(['{"utm_source":"a"}', '{"utm_source":"b"}'])).toBeUndefined();
    expect(parseAttributionHeader(`{"utm_source":"${'a'.repeat(ATTRIBUTION_HEADER_MAX_BYTES)}"}`)).toBeUndefined();
    expect(parseAttributionHeader('{"utm_source":')).toBeUndefined();
    expect(parseAttributionHeader('["utm_source"]')).toBeUndefined();
    expect(parseAttributionHeader('"google"')).toBeUndefined();
    expect(parseAttributionHeader('{"utm_source":"google","x":1}')).toEqual({ utm_source: 'google' });
  });
});
