/**
 * /admin/monitoring: how the site feels to real visitors and whether it is up. Per page type and device,
 * the p75 of each Web Vital with its status badge (colours and limits from core/monitoring/), the sample
 * count behind it, a 30-day trend per vital, uptime and the last checks, and the alerts open and past.
 * Server-rendered, no script; tables collapse to cards on a phone like the rest of the inbox.
 */
import { ALERT_LEVELS, VITAL_THRESHOLDS, VITALS, type Vital } from '../../../core/monitoring/levels.ts';
import { OTHER_STATUS, STATUS_BADGES } from '../../../core/monitoring/status.ts';
import type { VitalSummary } from '../../monitoring/field-stats.ts';
import type { AlertRow, MonitoringOverview } from '../../monitoring/overview.ts';
import { PAGE_TYPE_LABELS, PAGE_TYPES } from '../../monitoring/page-types.ts';
import { html, type Html } from '../html.ts';
import { ADMIN_PATHS } from '../paths.ts';
import { trendChart } from '../trend-chart.ts';
import { dateTime, selectField } from './components.ts';
import { shortDay } from './dashboard.ts';
import { adminPage, type PageContext } from './layout.ts';

const DEVICE_LABELS = { all: 'Todos', phone: 'Teléfono', tablet: 'Tableta', desktop: 'Escritorio' } as const;
const SHORT_NAMES: Readonly<Record<Vital, string>> = { lcp: 'LCP', inp: 'INP', cls: 'CLS', fcp: 'FCP', ttfb: 'TTFB' };

export function formatVital(vital: Vital, value: number): string {
  const { unit } = VITAL_THRESHOLDS[vital];
  if (vital === 'cls') return value.toLocaleString('es-MX', { maximumFractionDigits: 3, minimumFractionDigits: 2 });
  if (unit === 'ms') return `${Math.round(value).toLocaleString('es-MX')} ms`;
  return `${value.toLocaleString('es-MX', { maximumFractionDigits: 2, minimumFractionDigits: 2 })} s`;
}

function vitalCell(vital: Vital, summary: VitalSummary): Html {
  const badge = summary.status ? STATUS_BADGES[summary.status] : OTHER_STATUS;
  const value = summary.p75 === undefined ? '—' : formatVital(vital, summary.p75);
  return html`<td data-label="${SHORT_NAMES[vital]}"><span class="badge vital-${summary.status ?? 'none'}" data-status="${summary.status ?? 'sin-dato'}">${badge.label}</span><br>${value} <span class="muted">(${summary.samples})</span></td>`;
}

function fieldTable(view: MonitoringOverview): Html {
  if (view.field.length === 0)
    return html`<p class="muted">Aún no llega ninguna medición de visitas reales. Cada página visitada envía las suyas al ocultarse.</p>`;
  return html`<table class="stack"><caption>p75 por tipo de página y dispositivo, del ${shortDay(view.fromDay)} al ${shortDay(view.toDay)} (entre paréntesis, las mediciones)</caption>
<thead><tr><th scope="col">Tipo de página</th><th scope="col">Dispositivo</th>${VITALS.map((vital) => html`<th scope="col">${SHORT_NAMES[vital]}</th>`)}</tr></thead>
<tbody>${view.field.map(
    (row) =>
      html`<tr><th scope="row" data-label="Tipo de página">${PAGE_TYPE_LABELS[row.type]}</th><td data-label="Dispositivo">${DEVICE_LABELS[row.device]}</td>${VITALS.map((vital) => vitalCell(vital, row.vitals[vital]))}</tr>`,
  )}</tbody></table>`;
}

function trendSection(view: MonitoringOverview): Html {
  return html`<form method="get" action="${ADMIN_PATHS.monitoring}" class="actions">
${selectField({ name: 'tipo', id: 'tipo', label: 'Tipo de página', value: view.trendType, choices: PAGE_TYPES.map((type) => ({ value: type, label: PAGE_TYPE_LABELS[type] })) })}
<button class="btn btn-outline" type="submit">Ver</button>
</form>
${VITALS.map((vital) => {
  const threshold = VITAL_THRESHOLDS[vital];
  const points = view.trends[vital];
  const scale = threshold.unit === 's' ? 1000 : 1;
  const last = points.at(-1);
  return html`<figure><figcaption>${threshold.label}</figcaption>${trendChart({
    id: `tendencia-${vital}`,
    title: `p75 diario de ${SHORT_NAMES[vital]} en ${PAGE_TYPE_LABELS[view.trendType]}`,
    summary:
      points.length === 0
        ? 'Sin mediciones en los últimos 30 días.'
        : `${points.length} días con mediciones; el último, ${shortDay(last?.day ?? '')}: ${formatVital(vital, (last?.p75 ?? 0) / scale)}. La línea punteada es el límite de «bueno», ${formatVital(vital, threshold.warning)}.`,
    points: points.map((point) => ({ label: shortDay(point.day), value: point.p75 / scale })),
    limit: threshold.warning,
    format: (value) => formatVital(vital, value),
  })}</figure>`;
})}`;
}

const levelLabel = (level: string) => ALERT_LEVELS.find((entry) => entry.level === level)?.label ?? level;

function alertsTable(caption: string, rows: readonly AlertRow[], closed: boolean): Html {
  if (rows.length === 0)
    return html`<p class="muted">${closed ? 'Ninguna alerta resuelta aún.' : 'Ninguna alerta abierta.'}</p>`;
  return html`<table class="stack"><caption>${caption}</caption>
<thead><tr><th scope="col">Nivel</th><th scope="col">Qué</th><th scope="col">Abrió</th>${closed ? html`<th scope="col">Cerró</th>` : html``}</tr></thead>
<tbody>${rows.map(
    (row) =>
      html`<tr><td data-label="Nivel"><span class="badge vital-${row.level === 'warning' ? 'needs-improvement' : 'poor'}">${levelLabel(row.level)}</span></td><td data-label="Qué">${row.detail}</td><td data-label="Abrió">${dateTime(row.openedAt)}</td>${closed ? html`<td data-label="Cerró">${dateTime(row.closedAt)}</td>` : html``}</tr>`,
  )}</tbody></table>`;
}

function uptimeSection(view: MonitoringOverview): Html {
  const percent = (value: number | undefined) =>
    value === undefined ? 'sin revisiones' : `${value.toLocaleString('es-MX', { maximumFractionDigits: 3 })} %`;
  return html`<dl class="stats">${view.uptime.map((window) => html`<div class="stat"><dt>Disponibilidad, ${window.label}</dt><dd>${percent(window.percent)}</dd></div>`)}</dl>
${
  view.checks.length === 0
    ? html`<p class="muted">Todavía no corre ninguna revisión (una por minuto).</p>`
    : html`<table class="stack"><caption>Última revisión de cada dirección</caption>
<thead><tr><th scope="col">Dirección</th><th scope="col">Estado</th><th scope="col">Demora</th></tr></thead>
<tbody>${view.checks.map(
        (check) =>
          html`<tr><th scope="row" data-label="Dirección">${check.target}</th><td data-label="Estado"><span class="badge vital-${check.ok ? 'excellent' : 'poor'}">${check.ok ? 'Arriba' : 'Caída'}</span> ${check.status ?? check.error ?? ''}</td><td data-label="Demora">${check.latencyMs} ms</td></tr>`,
      )}</tbody></table>`
}`;
}

export function monitoringPage(context: PageContext, view: MonitoringOverview): Html {
  return adminPage(
    context,
    { title: 'Monitoreo', section: 'monitoring' },
    html`<div class="page-head"><div><h1>Monitoreo</h1><p class="lede">Velocidad de las visitas reales (Web Vitals de campo, sin cookies ni identificadores), disponibilidad y alertas. El estado de un grupo con menos de ${view.minSamples} mediciones es «${OTHER_STATUS.label}».</p></div></div>
<section class="card" aria-labelledby="alertas-abiertas"><h2 id="alertas-abiertas">Alertas abiertas</h2>${alertsTable('Alertas abiertas', view.openAlerts, false)}</section>
<section class="card" aria-labelledby="campo"><h2 id="campo">Web Vitals de campo</h2>${fieldTable(view)}</section>
<section class="card" aria-labelledby="tendencia"><h2 id="tendencia">Tendencia de 30 días</h2>${trendSection(view)}</section>
<section class="card" aria-labelledby="disponibilidad"><h2 id="disponibilidad">Disponibilidad</h2>${uptimeSection(view)}</section>
<section class="card" aria-labelledby="alertas-pasadas"><h2 id="alertas-pasadas">Alertas resueltas</h2>${alertsTable('Últimas alertas resueltas', view.pastAlerts, true)}</section>`,
  );
}
