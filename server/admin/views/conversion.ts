/** The dashboard's section of views, leads and conversion per landing page and per `utm_campaign`. */
import type { Conversion, ConversionRow } from '../../monitoring/conversion.ts';
import { html, type Html } from '../html.ts';
import { formatRate } from '../stats.ts';

function table(caption: string, first: string, rows: readonly ConversionRow[]): Html {
  if (rows.length === 0) return html`<p class="muted">Sin visitas medidas en el periodo.</p>`;
  const rate = (value: number | undefined) => (value === undefined ? '—' : formatRate(value));
  return html`<table class="stack"><caption>${caption}</caption>
<thead><tr><th scope="col">${first}</th><th scope="col" class="num">Visitas</th><th scope="col" class="num">Leads</th><th scope="col" class="num">Conversión</th><th scope="col" class="num">Periodo anterior</th></tr></thead>
<tbody>${rows.map(
    (row) =>
      html`<tr><th scope="row" data-label="${first}">${row.label}</th><td class="num" data-label="Visitas">${row.views}</td><td class="num" data-label="Leads">${row.leads}</td><td class="num" data-label="Conversión">${rate(row.rate)}${row.fell ? html` <span class="badge vital-poor">Bajó</span>` : html``}</td><td class="num" data-label="Periodo anterior">${rate(row.previousRate)}</td></tr>`,
  )}</tbody></table>`;
}

export function conversionSection(conversion: Conversion | undefined): Html {
  if (!conversion) return html``;
  return html`<section class="card" aria-labelledby="conversion"><h2 id="conversion">Qué páginas y campañas traen leads</h2>
<p class="muted">Visitas contadas por las propias páginas (sin cookies); un lead cuenta para la página por la que entró su visita. «Bajó»: la conversión cayó a la mitad o menos del periodo anterior.</p>
${table('Por página de entrada', 'Página', conversion.byPage)}
${table('Por campaña (utm_campaign)', 'Campaña', conversion.byCampaign)}
</section>`;
}
