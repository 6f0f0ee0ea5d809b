/**
 * A line of daily values drawn on the server as SVG (like ./charts.ts: no script, colours from classes),
 * with the "good" limit as a dashed line, so a trend crossing it shows at a glance.
 */
import { niceMax } from './charts.ts';
import { html, type Html } from './html.ts';

export interface TrendChart {
  id: string;
  title: string;
  summary: string;
  points: ReadonlyArray<{ label: string; value: number }>;
  /** Drawn as a dashed line, e.g. the 2.5 s of LCP. */
  limit: number;
  format: (value: number) => string;
}

const WIDTH = 640;
const HEIGHT = 220;
const round = (value: number) => Math.round(value * 10) / 10;

export function trendChart(chart: TrendChart): Html {
  const margin = { top: 12, right: 12, bottom: 32, left: 56 };
  const plotWidth = WIDTH - margin.left - margin.right;
  const plotHeight = HEIGHT - margin.top - margin.bottom;
  const max = niceMax(Math.max(chart.limit * 1.2, ...chart.points.map((point) => point.value)));
  const x = (index: number) =>
    round(margin.left + (chart.points.length <= 1 ? plotWidth / 2 : (index / (chart.points.length - 1)) * plotWidth));
  const y = (value: number) => round(margin.top + plotHeight - (Math.min(value, max) / max) * plotHeight);
  const path = chart.points.map((point, index) => `${index === 0 ? 'M' : 'L'}${x(index)} ${y(point.value)}`).join(' ');
  const labelEvery = Math.max(1, Math.ceil(chart.points.length / 6));
  return html`<svg class="chart chart-columns" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${chart.id}-title ${chart.id}-desc" focusable="false">
<title id="${chart.id}-title">${chart.title}</title><desc id="${chart.id}-desc">${chart.summary}</desc>
${[0, max].map(
  (tick) =>
    html`<line class="chart-grid" x1="${margin.left}" x2="${WIDTH - margin.right}" y1="${y(tick)}" y2="${y(tick)}"></line><text class="chart-label" x="${margin.left - 6}" y="${y(tick) + 4}" text-anchor="end">${chart.format(tick)}</text>`,
)}
<line class="trend-limit" x1="${margin.left}" x2="${WIDTH - margin.right}" y1="${y(chart.limit)}" y2="${y(chart.limit)}"></line>
${chart.points.length > 0 ? html`<path class="trend-line" d="${path}"></path>` : html``}
${chart.points.map((point, index) =>
  index % labelEvery === 0
    ? html`<text class="chart-label" x="${x(index)}" y="${HEIGHT - 10}" text-anchor="middle">${point.label}</text>`
    : html``,
)}
</svg>`;
}
