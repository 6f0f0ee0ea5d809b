/**
 * The dashboard's money: what the open pipeline is worth by status, the value won per month and the win
 * rate, as server-drawn SVG charts with the full amounts in tables beside them (their text equivalent).
 */
import { formatMoney } from '../../../core/format.ts';
import { SITE } from '../../../core/site.ts';
import { horizontalBarChart, stackedBarChart } from '../charts.ts';
import { html, type Html } from '../html.ts';
import { STATUS_LABELS } from '../lifecycle.ts';
import type { Money } from '../money.ts';
import { formatRate } from '../stats.ts';

const monthFormat = new Intl.DateTimeFormat(SITE.locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "nov 2026" for `2026-11`. */
export function monthLabel(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return monthFormat.format(new Date(Date.UTC(year, number - 1, 15))).replace('.', '');
}

const compact = new Intl.NumberFormat(SITE.locale, {
  style: 'currency',
  currency: 'MXN',
  currencyDisplay: 'narrowSymbol',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** "$1.3 M" where a chart has little room; tables write the whole amount. */
export const compactMoney = (value: number): string => compact.format(value);
const pesos = (value: number) => formatMoney(value, 'MXN');

export function moneySection(money: Money): Html {
  const statusRows = money.byStatus.map((row) => ({
    label: STATUS_LABELS[row.status],
    value: row.valueMxn,
    valueText: compactMoney(row.valueMxn),
  }));
  const wonTotal = money.wonByMonth.reduce((sum, month) => sum + month.valueMxn, 0);
  const best = money.wonByMonth.reduce<Money['wonByMonth'][number] | undefined>(
    (top, month) => (month.valueMxn > (top?.valueMxn ?? 0) ? month : top),
    undefined,
  );
  return html`<section class="card" aria-labelledby="dinero">
<h2 id="dinero">Dinero</h2>
<dl class="stats">
<div class="stat"><dt>Pipeline abierto</dt><dd>${pesos(money.openValueMxn)}</dd></div>
<div class="stat"><dt>Ganado en el periodo</dt><dd>${pesos(wonTotal)}</dd></div>
<div class="stat"><dt>Tasa de éxito (por número)</dt><dd>${formatRate(money.winRate.byCount)}</dd></div>
<div class="stat"><dt>Tasa de éxito (por valor)</dt><dd>${formatRate(money.winRate.byValue)}</dd></div>
</dl>
<div class="grid grid-2">
<div>
<h3 id="valor-estado">Valor del pipeline por estado</h3>
${horizontalBarChart({
  id: 'grafica-valor-estado',
  title: 'Valor del pipeline por estado',
  summary: `${money.byStatus.map((row) => `${STATUS_LABELS[row.status]}: ${pesos(row.valueMxn)}`).join(', ')}. La tabla siguiente tiene las cifras.`,
  rows: statusRows,
})}
<table><caption class="visually-hidden">Valor del pipeline por estado</caption><thead><tr><th scope="col">Estado</th><th scope="col" class="num">Leads con valor</th><th scope="col" class="num">Valor</th></tr></thead>
<tbody>${money.byStatus.map((row) => html`<tr><th scope="row">${STATUS_LABELS[row.status]}</th><td class="num">${row.deals}</td><td class="num">${pesos(row.valueMxn)}</td></tr>`)}</tbody></table>
</div>
<div>
<h3 id="ganado-mes">Valor ganado por mes</h3>
${stackedBarChart({
  id: 'grafica-ganado-mes',
  title: 'Valor ganado por mes',
  summary: `${pesos(wonTotal)} ganados en ${money.wonByMonth.length} meses${best ? `; el mejor fue ${monthLabel(best.month)}, con ${pesos(best.valueMxn)}` : ''}. La tabla siguiente tiene las cifras.`,
  categories: money.wonByMonth.map((month) => monthLabel(month.month)),
  series: [{ label: 'Ganado', values: money.wonByMonth.map((month) => month.valueMxn) }],
  format: compactMoney,
})}
<table><caption class="visually-hidden">Valor ganado por mes</caption><thead><tr><th scope="col">Mes</th><th scope="col" class="num">Ganados</th><th scope="col" class="num">Valor</th></tr></thead>
<tbody>${money.wonByMonth.map((month) => html`<tr><th scope="row">${monthLabel(month.month)}</th><td class="num">${month.deals}</td><td class="num">${pesos(month.valueMxn)}</td></tr>`)}</tbody></table>
</div>
</div>
<p class="muted">El pipeline suma el valor de los leads que tienen uno, sin importar cuándo llegaron. Lo ganado cuenta el día en que cada lead pasó a «Ganado» (hora de la Ciudad de México). La tasa de éxito compara ganados contra perdidos entre los leads del periodo.</p>
</section>`;
}
