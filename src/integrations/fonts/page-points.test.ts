import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageText } from './coverage.ts';
import { pagePoints, readPagePoints, writePagePoints, type PagePoints } from './page-points.ts';

const dir = mkdtempSync(join(tmpdir(), 'angram-page-points-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const page = (text: string) => Buffer.from(`<html><body><p>${text}</p><script>const x = '→';</script></body></html>`);
const sorted = (points: number[]) => [...points].sort((a, b) => a - b);

describe('pagePoints', () => {
  it('reads a new page and records it for the next build', () => {
    const next: PagePoints = new Map();
    const points = pagePoints(page('Año'), pageText, new Map(), next);
    expect(String.fromCodePoint(...sorted(points))).toContain('ñ');
    expect(points).toContain('Ñ'.codePointAt(0));
    // Script text is not set in the site's fonts.
    expect(points).not.toContain('→'.codePointAt(0));
    expect([...next.values()]).toEqual([points]);
  });

  it('takes an unchanged page from the cache without reading it, and forgets pages that are gone', () => {
    const first: PagePoints = new Map();
    pagePoints(page('Año'), pageText, new Map(), first);
    pagePoints(page('Borrada'), pageText, new Map(), first);
    const read: string[] = [];
    const counting = (html: string) => {
      read.push(html);
      return pageText(html);
    };
    const next: PagePoints = new Map();
    pagePoints(page('Año'), counting, first, next);
    pagePoints(page('Año nuevo'), counting, first, next);
    expect(read).toHaveLength(1);
    expect(read[0]).toContain('Año nuevo');
    expect(next.size).toBe(2);
  });
});

describe('the cache file', () => {
  it('survives a write and a read, and a missing or broken file is an empty cache', async () => {
    const file = join(dir, 'sub', 'pages.json');
    expect((await readPagePoints(file)).size).toBe(0);
    const points: PagePoints = new Map([['abc', [65, 241]]]);
    await writePagePoints(file, points);
    expect(await readPagePoints(file)).toEqual(points);
    writeFileSync(file, '{ roto');
    expect((await readPagePoints(file)).size).toBe(0);
    writeFileSync(file, JSON.stringify({ abc: [65] }));
    expect((await readPagePoints(file)).size).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('abc');
  });
});
