/** Where leads came from: the lead page's card and the dashboard's section by source and campaign. */
import { formatMoney } from '../../../core/format.ts';
import type { StoredLead } from '../../lead/store.ts';
import { attributionRows } from '../../lead/attribution.ts';
import type { OriginBreakdown, OriginGroup } from '../attribution-stats.ts';
import { horizontalBarChart } from '../charts.ts';
import { html, type Html } from '../html.ts';
import { section } from './components.ts';

/** The lead's visit: source, medium, campaign, landing page and referrer («Directo» when nothing is known). */
export function originCard(lead: StoredLead): Html {
  return section(
    'Origen de la visita',
    'origen',
    html`<dl class="fields">
${attributionRows(lead.attribution).map((row) => html`<div><dt>${row.label}</dt><dd class="long">${row.value}</dd></div>`)}
</dl>
<p class="hint">La primera página de la visita, el sitio que la trajo y los parámetros de campaña (utm) de su enlace.</p>`,
  );
}

const wonValueText = (group: OriginGroup) => (group.wonValue > 0 ? formatMoney(group.wonValue, 'MXN') : '—');

function originTable(caption: string, heading: string, groups: readonly OriginGroup[]): Html {
  return html`<div class="table-wrap"><table class="stack"><caption class="visually-hidden">${caption}</caption>
<thead><tr><th scope="col">${heading}</th><th scope="col" class="num">Leads</th><th scope="col" class="num">Ganados</th><th scope="col" class="num">Valor ganado</th></tr></thead>
<tbody>${groups.map(
    (group) =>
      html`<tr><th scope="row" data-label="${heading}">${group.label}</th><td class="num" data-label="Leads">${group.leads}</td><td class="num" data-label="Ganados">${group.won}</td><td class="num" data-label="Valor ganado">${wonValueText(group)}</td></tr>`,
  )}</tbody></table></div>`;
}

function originCardOf(id: string, title: string, heading: string, groups: readonly OriginGroup[]): Html {
  const total = groups.reduce((sum, group) => sum + group.leads, 0);
  return html`<section class="card" aria-labelledby="${id}">
<h2 id="${id}">${title}</h2>
${
  total === 0
    ? html`<p>No llegaron leads en este periodo.</p>`
    : html`${horizontalBarChart({
        id: `grafica-${id}`,
        title,
        summary: groups.map((group) => `${group.label}: ${group.leads} leads, ${group.won} ganados`).join('; '),
        rows: groups.map((group) => ({ label: group.label, value: group.leads, valueText: String(group.leads) })),
      })}
${originTable(title, heading, groups)}`
}
</section>`;
}

/** Leads and won value by source, by campaign and by landing page, each a chart with its table. */
export function originSection(breakdown: OriginBreakdown): Html {
  return html`<div class="grid grid-2">
${originCardOf('por-fuente', 'Leads por fuente', 'Fuente', breakdown.bySource)}
${originCardOf('por-campana', 'Leads por campaña', 'Campaña', breakdown.byCampaign)}
${originCardOf('por-entrada', 'Leads por página de entrada', 'Página de entrada', breakdown.byLanding)}
</div>`;
}
