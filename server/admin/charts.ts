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
const BAR_WIDTH = 480;

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

export function horizontalBarChart(chart: HorizontalBarChart): Html {
  const rowHeight = 36;
  const labelWidth = 120;
  const valueWidth = 100;
  const height = chart.rows.length * rowHeight + 8;
  const barSpace = BAR_WIDTH - labelWidth - valueWidth;
  const max = Math.max(1, ...chart.rows.map((row) => row.value));
  return html`<svg class="chart chart-bars" viewBox="0 0 ${BAR_WIDTH} ${height}" role="img" aria-labelledby="${chart.id}-title ${chart.id}-desc" focusable="false">
<title id="${chart.id}-title">${chart.title}</title><desc id="${chart.id}-desc">${chart.summary}</desc>
${chart.rows.map((row, index) => {
  const top = index * rowHeight + 6;
  const width = round((Math.max(0, row.value) / max) * barSpace);
  return html`<g><text class="chart-label" x="${labelWidth - 10}" y="${top + 18}" text-anchor="end">${row.label}</text><rect class="chart-series-1" x="${labelWidth}" y="${top}" width="${Math.max(width, 1)}" height="${rowHeight - 12}"><title>${row.label}: ${row.valueText}</title></rect><text class="chart-value" x="${labelWidth + Math.max(width, 1) + 8}" y="${top + 18}">${row.valueText}</text></g>`;
})}
</svg>`;
}
