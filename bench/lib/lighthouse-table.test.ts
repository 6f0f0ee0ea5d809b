import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  README_TABLE_END,
  README_TABLE_START,
  lighthouseTable,
  tableCells,
  type TableRow,
} from './lighthouse-table.ts';

const summary = JSON.parse(readFileSync('bench/lighthouse-summary.json', 'utf8')) as {
  measuredAt: string;
  runs: number;
  pages: TableRow[];
};
const readme = readFileSync('README.md', 'utf8');

function readmeTable(text: string): string {
  const start = text.indexOf(README_TABLE_START);
  const end = text.indexOf(README_TABLE_END);
  if (start < 0 || end < start) throw new Error('README.md no tiene la tabla de Lighthouse entre sus marcas');
  return text.slice(start, end);
}

describe("README's Lighthouse table", () => {
  it('shows exactly what the last full bench wrote to bench/lighthouse-summary.json', () => {
    const expected = tableCells(lighthouseTable(summary.pages));
    expect(expected.length).toBeGreaterThan(0);
    expect(tableCells(readmeTable(readme))).toEqual(expected);
  });

  it('tells a stale table apart: one changed figure fails the comparison', () => {
    const [first, ...rest] = summary.pages;
    if (!first) throw new Error('bench/lighthouse-summary.json no tiene páginas');
    const edited = lighthouseTable([{ ...first, tbtMs: first.tbtMs + 391 }, ...rest]);
    expect(tableCells(edited)).not.toEqual(tableCells(readmeTable(readme)));
  });

  it('says how many runs per page its medians come from, as the bench recorded them', () => {
    expect(summary.runs).toBeGreaterThanOrEqual(1);
    expect(readmeTable(readme)).toContain(`(${summary.runs} corridas por página, mediana)`);
  });

  it('names the date of that measurement', () => {
    const date = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: 'America/Mexico_City' }).format(
      new Date(summary.measuredAt),
    );
    expect(readmeTable(readme)).toContain(`Medición del ${date}`);
  });
});
