/**
 * Charts drawn on the server as SVG: no script, no inline style (colours come from classes in the admin
 * stylesheet, so the strict CSP holds). Each chart is one image with a title and a one-sentence summary
 * for screen readers; the page puts the full numbers beside it in a table, which is the text equivalent.
 */
import { html, type Html } from './html.ts';

export interface ChartSeries {
  label: string;
  values: readonly number[];
}

export interface StackedBarChart {
  /** Unique on the page: prefixes the ids of the title and the description. */
  id: string;
  title: string;
  summary: string;
  /** One label per bar, e.g. "17 nov". */
  categories: readonly string[];
  /** Stacked bottom to top, coloured `chart-series-1…`. */
  series: readonly ChartSeries[];
  /** How the axis and the bars' titles write a value (money); plain numbers by default. */
  format?: (value: number) => string;
}

/** viewBox widths: the charts scale to their card, and these keep their text between about 9 and 16 px. */
const WIDTH = 640;
/** The width of a bar's drawing: a rectangle's width is its percentage of the largest value. */
const BAR_SPACE = 100;

/** A round maximum for the axis (1, 2, 5 × 10ⁿ), at least 1. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

const round = (value: number) => Math.round(value * 10) / 10;

export function stackedBarChart(chart: StackedBarChart): Html {
  const height = 260;
  const margin = { top: 12, right: 8, bottom: 36, left: 40 };
  const plotWidth = WIDTH - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const totals = chart.categories.map((_, index) =>
    chart.series.reduce((sum, series) => sum + (series.values[index] ?? 0), 0),
  );
  const max = niceMax(Math.max(0, ...totals));
  const slot = plotWidth / Math.max(1, chart.categories.length);
  const barWidth = round(Math.max(2, slot * 0.7));
  const y = (value: number) => round(margin.top + plotHeight - (value / max) * plotHeight);
  // Up to 7 labels: they stay readable when the chart shrinks to a phone's width.
  const labelEvery = Math.max(1, Math.ceil(chart.categories.length / 7));
  // Counts are whole: a middle tick only when it is a whole number.
  const ticks = max >= 2 && max % 2 === 0 ? [0, max / 2, max] : [0, max];
  const format = chart.format ?? String;

  const bars = chart.categories.map((category, index) => {
    const x = round(margin.left + slot * index + (slot - barWidth) / 2);
    let base = 0;
    const segments = chart.series.map((series, seriesIndex) => {
      const value = series.values[index] ?? 0;
      if (value <= 0) return html``;
      const top = y(base + value);
      const bottom = y(base);
      base += value;
      return html`<rect class="chart-series-${seriesIndex + 1}" x="${x}" y="${top}" width="${barWidth}" height="${round(bottom - top)}"><title>${category}: ${series.label}, ${format(value)}</title></rect>`;
    });
    const label =
      index % labelEvery === 0
        ? html`<text class="chart-label" x="${round(x + barWidth / 2)}" y="${height - margin.bottom + 18}" text-anchor="middle">${category}</text>`
        : html``;
    return html`<g>${segments}${label}</g>`;
  });

  return html`<svg class="chart chart-columns" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="${chart.id}-title ${chart.id}-desc" focusable="false">
<title id="${chart.id}-title">${chart.title}</title><desc id="${chart.id}-desc">${chart.summary}</desc>
${ticks.map(
  (tick) =>
    html`<line class="chart-grid" x1="${margin.left}" x2="${WIDTH - margin.right}" y1="${y(tick)}" y2="${y(tick)}"></line><text class="chart-label" x="${margin.left - 6}" y="${y(tick) + 4}" text-anchor="end">${format(tick)}</text>`,
)}
${bars}
</svg>`;
}

export interface BarRow {
  label: string;
  value: number;
  /** What is written at the end of the bar, e.g. "12 (40 %)". */
  valueText: string;
}

export interface HorizontalBarChart {
  id: string;
  title: string;
  summary: string;
  rows: readonly BarRow[];
}

/**
 * Bars with their labels as HTML text above each bar, so a long label (a referrer's host name, a landing
 * page, a campaign) wraps and is read whole instead of being cut at the edge of a drawing. Each bar is a
 * small SVG whose rectangle's width is the value's share of the largest (no inline style: the CSP forbids it).
 */
export function horizontalBarChart(chart: HorizontalBarChart): Html {
  const max = Math.max(1, ...chart.rows.map((row) => row.value));
  return html`<div class="chart chart-bars" role="img" aria-labelledby="${chart.id}-title ${chart.id}-desc">
<span class="visually-hidden" id="${chart.id}-title">${chart.title}</span><span class="visually-hidden" id="${chart.id}-desc">${chart.summary}</span>
${chart.rows.map((row) => {
  const width = Math.max(1, round((Math.max(0, row.value) / max) * BAR_SPACE));
  return html`<div class="bar-row"><span class="bar-label"><bdi>${row.label}</bdi></span><span class="bar-line"><svg class="bar" viewBox="0 0 ${BAR_SPACE} 10" preserveAspectRatio="none" focusable="false" aria-hidden="true"><rect class="chart-series-1" x="0" y="0" width="${width}" height="10"><title>${row.label}: ${row.valueText}</title></rect></svg><span class="bar-value">${row.valueText}</span></span></div>`;
})}
</div>`;
}
