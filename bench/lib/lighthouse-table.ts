/**
 * The Lighthouse table of README.md's "Rendimiento" section, drawn from the measured rows. The bench writes
 * it after a full run; lighthouse-table.test.ts checks that README.md still shows what
 * bench/lighthouse-summary.json holds, so neither can be edited or regenerated without the other.
 */
import { firstLoadBudget } from '../../src/lib/budgets.ts';

export interface TableRow {
  label: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  fontBytes: number;
  jsBytes: number;
  cssBytes: number;
  imageBytes: number;
  /** The equivalent page of a well-kept peer site, when there is one. */
  peer: { name: string; kib: number } | null;
}

/**
 * Lighthouse runs per page that a table's medians come from: with five, one run slowed by a busy machine
 * (or a lucky quiet one) does not move the median.
 */
export const LIGHTHOUSE_RUNS = 5;

export const README_TABLE_START = '<!-- bench:lighthouse:start -->';
export const README_TABLE_END = '<!-- bench:lighthouse:end -->';

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

export function lighthouseTable(rows: readonly TableRow[]): string {
  return [
    '| Página | Rendimiento | Accesibilidad | Buenas prácticas | SEO | LCP | TBT | CLS | Total (KB) | Meta (KB) | Par (KB) | Fuentes | JS | CSS | Imágenes |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.label} (\`${r.path}\`) | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.lcpMs / 1000).toFixed(2)} s | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} | ${kib(r.bytes)} | ${kib(firstLoadBudget(r.path))} | ${r.peer ? `${r.peer.kib.toFixed(1)} (${r.peer.name})` : '—'} | ${kib(r.fontBytes)} | ${kib(r.jsBytes)} | ${kib(r.cssBytes)} | ${kib(r.imageBytes)} |`,
    ),
  ].join('\n');
}

/** The cells of every body row of the first Markdown table in `text`, trimmed (padding does not count). */
export function tableCells(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .trim()
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}
