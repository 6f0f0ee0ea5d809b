/** The dashboard: leads per week by form, the pipeline and funnel, conversion and time to first contact. */
import { parseDate } from '../../../core/dates.ts';
import { LEAD_KIND_IDS, LEAD_KINDS } from '../../../core/forms/kinds.ts';
import { horizontalBarChart, stackedBarChart } from '../charts.ts';
import { html, type Html } from '../html.ts';
import { LEAD_STATUSES, lostReasonText, STATUS_LABELS } from '../lifecycle.ts';
import { ADMIN_PATHS } from '../paths.ts';
import type { OriginBreakdown } from '../attribution-stats.ts';
import { DASHBOARD_WEEK_CHOICES, formatElapsed, formatRate, type Dashboard } from '../stats.ts';
import { originSection } from './attribution.ts';
import { selectField } from './components.ts';
import { adminPage, type PageContext } from './layout.ts';
import type { Money } from '../money.ts';
import { moneySection } from './dashboard-money.ts';
import { conversionSection } from './conversion.ts';
import type { Conversion } from '../../monitoring/conversion.ts';

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** "17 nov" for the Monday of a week. */
export function shortDay(date: string): string {
  const parsed = parseDate(date);
  return parsed ? `${parsed.day} ${MONTHS[parsed.month - 1]}` : date;
}

export interface DashboardView {
  dashboard: Dashboard;
  weeks: number;
  /** Leads and won value by source and campaign. */
  origins?: OriginBreakdown;
  /** The pipeline's value, won value per month and win rate (server/admin/views/dashboard-money.ts). */
  money?: Money;
  /** Views, leads and conversion per landing page and campaign (server/admin/views/conversion.ts). */
  conversion?: Conversion;
  /** Lost leads of the period by reason, most first. */
  lost?: ReadonlyArray<{ reason: string; leads: number }>;
}

/** Why deals were lost: what the team can act on (prices, speed, scope). */
function lostSection(lost: ReadonlyArray<{ reason: string; leads: number }>): Html {
  return html`<section class="card" aria-labelledby="motivos-perdida">
<h2 id="motivos-perdida">Motivos de pérdida</h2>
${
  lost.length === 0
    ? html`<p>No se perdió ningún lead de este periodo.</p>`
    : html`<table><caption class="visually-hidden">Leads perdidos por motivo</caption><thead><tr><th scope="col">Motivo</th><th scope="col" class="num">Leads</th></tr></thead>
<tbody>${lost.map((row) => html`<tr><th scope="row">${lostReasonText(row.reason, undefined)}</th><td class="num">${row.leads}</td></tr>`)}</tbody></table>`
}
</section>`;
}

function weeksTable(dashboard: Dashboard): Html {
  return html`<table class="stack"><caption>Leads por semana y formulario</caption>
<thead><tr><th scope="col">Semana del</th>${LEAD_KIND_IDS.map((kind) => html`<th scope="col" class="num">${LEAD_KINDS[kind].label}</th>`)}<th scope="col" class="num">Total</th></tr></thead>
<tbody>${dashboard.weeks.map(
    (week) =>
      html`<tr><th scope="row" data-label="Semana del"><time datetime="${week.start}">${shortDay(week.start)}</time></th>${LEAD_KIND_IDS.map(
        (kind) => html`<td class="num" data-label="${LEAD_KINDS[kind].label}">${week.counts[kind]}</td>`,
      )}<td class="num" data-label="Total">${week.total}</td></tr>`,
  )}</tbody></table>`;
}

export function dashboardPage(context: PageContext, view: DashboardView): Html {
  const { dashboard } = view;
  const total = dashboard.funnel.received;
  const share = (count: number) => (total ? ` (${formatRate(count / total)})` : '');
  const funnelRows = [
    { label: 'Recibidos', value: dashboard.funnel.received },
    { label: 'Contactados', value: dashboard.funnel.contacted },
    { label: 'Con propuesta', value: dashboard.funnel.proposal },
    { label: 'Ganados', value: dashboard.funnel.won },
  ].map((row) => ({ ...row, valueText: `${row.value}${row.label === 'Recibidos' ? '' : share(row.value)}` }));
  const pipelineRows = LEAD_STATUSES.map((status) => ({
    label: STATUS_LABELS[status],
    value: dashboard.pipeline[status],
    valueText: String(dashboard.pipeline[status]),
  }));
  const busiest = dashboard.weeks.reduce(
    (best, week) => (week.total > (best?.total ?? -1) ? week : best),
    dashboard.weeks[0],
  );
  return adminPage(
    context,
    { title: 'Panel', section: 'dashboard' },
    html`<div class="page-head"><div><h1>Panel de ventas</h1><p class="lede">Leads recibidos en las últimas ${view.weeks} semanas (hora de la Ciudad de México).</p></div>
<form method="get" action="${ADMIN_PATHS.dashboard}" class="actions">
${selectField({ name: 'weeks', id: 'semanas', label: 'Periodo', value: String(view.weeks), choices: DASHBOARD_WEEK_CHOICES.map((weeks) => ({ value: String(weeks), label: `Últimas ${weeks} semanas` })) })}
<button class="btn btn-outline" type="submit">Ver</button>
</form></div>
<dl class="stats">
<div class="stat"><dt>Leads recibidos</dt><dd>${total}</dd></div>
<div class="stat"><dt>Conversión a ganado</dt><dd>${formatRate(dashboard.conversion)}</dd></div>
<div class="stat"><dt>Ganados de los cerrados</dt><dd>${formatRate(dashboard.winRate)}</dd></div>
<div class="stat"><dt>Mediana hasta el primer contacto</dt><dd>${formatElapsed(dashboard.medianFirstContactMs)}</dd></div>
</dl>
<section class="card" aria-labelledby="por-semana">
<h2 id="por-semana">Leads por semana y formulario</h2>
<ul class="legend" aria-hidden="true">${LEAD_KIND_IDS.map((kind, index) => html`<li><span class="swatch swatch-${index + 1}"></span>${LEAD_KINDS[kind].label}</li>`)}</ul>
${stackedBarChart({
  id: 'grafica-semanas',
  title: 'Leads por semana y formulario',
  summary: `${total} leads en ${view.weeks} semanas${busiest && busiest.total > 0 ? `; la semana con más fue la del ${shortDay(busiest.start)}, con ${busiest.total}` : ''}. La tabla siguiente tiene todas las cifras.`,
  categories: dashboard.weeks.map((week) => shortDay(week.start)),
  series: LEAD_KIND_IDS.map((kind) => ({
    label: LEAD_KINDS[kind].label,
    values: dashboard.weeks.map((week) => week.counts[kind]),
  })),
})}
<details><summary>Ver las cifras por semana</summary><div class="table-wrap">${weeksTable(dashboard)}</div></details>
</section>
<div class="grid grid-2">
<section class="card" aria-labelledby="embudo">
<h2 id="embudo">Embudo</h2>
${horizontalBarChart({
  id: 'grafica-embudo',
  title: 'Embudo de leads',
  summary: `De ${total} leads, ${dashboard.funnel.contacted} fueron contactados, ${dashboard.funnel.proposal} recibieron propuesta y ${dashboard.funnel.won} se ganaron.`,
  rows: funnelRows,
})}
<table><caption class="visually-hidden">Embudo de leads</caption><thead><tr><th scope="col">Etapa alcanzada</th><th scope="col" class="num">Leads</th></tr></thead>
<tbody>${funnelRows.map((row) => html`<tr><th scope="row">${row.label}</th><td class="num">${row.valueText}</td></tr>`)}</tbody></table>
</section>
<section class="card" aria-labelledby="por-estado">
<h2 id="por-estado">Por estado actual</h2>
${horizontalBarChart({
  id: 'grafica-estados',
  title: 'Leads por estado actual',
  summary: pipelineRows.map((row) => `${row.label}: ${row.value}`).join(', '),
  rows: pipelineRows,
})}
<table><caption class="visually-hidden">Leads por estado actual</caption><thead><tr><th scope="col">Estado</th><th scope="col" class="num">Leads</th></tr></thead>
<tbody>${pipelineRows.map((row) => html`<tr><th scope="row">${row.label}</th><td class="num">${row.value}</td></tr>`)}</tbody></table>
</section>
</div>
${view.origins && originSection(view.origins)}
${view.money && moneySection(view.money)}
${conversionSection(view.conversion)}
${view.lost && lostSection(view.lost)}
<p class="muted">Semanas de lunes a domingo. El tiempo hasta el primer contacto cuenta desde que llega el lead hasta su primer cambio a «Contactado» o a una etapa posterior.</p>`,
  );
}
