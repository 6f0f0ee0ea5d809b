/**
 * /admin/translations (admin only): every interface string with its text in each language side by side,
 * filters for what is missing, outdated or edited here, and one key's page with its edit forms, history
 * (who, when, before and after) and a revert per change.
 */
import type { Language } from '../../../core/i18n/languages.ts';
import type { PublishStatus } from '../../translations/service.ts';
import type { TranslationEdit } from '../../translations/store.ts';
import { MAX_TEXT_LENGTH, type KeyTexts } from '../../translations/texts.ts';
import { attr, html, type Html } from '../html.ts';
import { csrfInput, dateTime, errorSummary, section, type FieldErrors } from './components.ts';
import { adminPage, type Notice, type PageContext } from './layout.ts';
import { ADMIN_PATHS } from '../paths.ts';

export const TRANSLATIONS_PATH = ADMIN_PATHS.translations;
export const translationKeyPath = (key: string): string => `${TRANSLATIONS_PATH}/${encodeURIComponent(key)}`;

export const TRANSLATION_FILTERS = {
  todas: 'Todas',
  faltantes: 'Sin traducir',
  desactualizadas: 'Desactualizadas',
  editadas: 'Editadas aquí',
} as const;
export type TranslationFilter = keyof typeof TRANSLATION_FILTERS;

export interface TranslationsView {
  languages: readonly Language[];
  defaultCode: string;
  keys: readonly KeyTexts[];
  total: number;
  filter: TranslationFilter;
  query: string;
  publish: PublishStatus;
  notice?: Notice;
}

function missing(entry: KeyTexts, code: string): boolean {
  return (entry.texts.get(code) ?? '').trim() === '';
}

function badges(entry: KeyTexts, code: string): Html {
  return html`${missing(entry, code) && html` <span class="badge status-perdido">Sin traducir</span>`}${entry.outdated.has(code) && html` <span class="badge status-propuesta">Desactualizada</span>`}${entry.edits.has(code) && html` <span class="badge status-contactado">Editada</span>`}`;
}

function publishBox(publish: PublishStatus): Html {
  const hook = publish.hook
    ? html`<p>Aviso al hosting (PUBLISH_HOOK_URL): ${publish.hook.ok ? 'recibido' : html`<strong>falló</strong>`} ${dateTime(publish.hook.at.toISOString())} · ${publish.hook.detail}</p>`
    : '';
  if (publish.error)
    return html`<div class="notice notice-error" role="alert"><p><strong>El último cambio no llegó al sitio</strong> (${dateTime(publish.error.at.toISOString())}): ${publish.error.message}. El sitio sigue mostrando la versión anterior y se reintenta solo.</p>${hook}</div>`;
  if (publish.appliedVersion < publish.latestVersion)
    return html`<div class="notice notice-info" role="status"><p>Hay cambios en camino: cada servidor los aplica en menos de un minuto.</p>${hook}</div>`;
  return html`<div class="notice notice-success" role="status"><p>El sitio muestra todos los cambios guardados.</p>${hook}</div>`;
}

export function translationsPage(context: PageContext, view: TranslationsView): Html {
  const filters = Object.entries(TRANSLATION_FILTERS) as Array<[TranslationFilter, string]>;
  return adminPage(
    context,
    { title: 'Traducciones', section: 'translations', ...(view.notice ? { notice: view.notice } : {}) },
    html`<div class="page-head"><div><h1>Traducciones</h1><p class="lede">Los textos de la interfaz del sitio en cada idioma. Un cambio llega a las páginas públicas en menos de dos minutos, sin volver a publicar el sitio.</p></div></div>
${publishBox(view.publish)}
<form class="card filters" method="get" action="${TRANSLATIONS_PATH}">
<div class="field"><label for="q">Buscar por clave o texto</label><input id="q" name="q" type="search"${attr('value', view.query)} maxlength="100"></div>
<fieldset><legend>Mostrar</legend>${filters.map(
      ([value, label]) =>
        html`<label class="choice"><input type="radio" name="filtro" value="${value}"${attr('checked', value === view.filter)}> ${label}</label>`,
    )}</fieldset>
<div class="actions"><button class="btn btn-primary" type="submit">Filtrar</button></div>
</form>
<p>${view.keys.length === view.total ? `${view.total} textos.` : `${view.keys.length} de ${view.total} textos.`}</p>
<div class="card"><div class="table-wrap"><table class="stack"><caption class="visually-hidden">Textos de la interfaz por idioma</caption>
<thead><tr><th scope="col">Clave</th>${view.languages.map((language) => html`<th scope="col" lang="${language.code}">${language.name}</th>`)}</tr></thead>
<tbody>${view.keys.map(
      (entry) =>
        html`<tr><th scope="row" data-label="Clave"><a href="${translationKeyPath(entry.key)}"><code>${entry.key}</code></a></th>${view.languages.map(
          (language) =>
            html`<td data-label="${language.name}"><span lang="${language.code}"><bdi>${entry.texts.get(language.code) ?? ''}</bdi></span>${badges(entry, language.code)}</td>`,
        )}</tr>`,
    )}</tbody></table></div></div>`,
  );
}

export interface TranslationKeyView {
  languages: readonly Language[];
  defaultCode: string;
  entry: KeyTexts;
  history: readonly TranslationEdit[];
  errors: FieldErrors;
  /** What was typed in a refused edit, by locale. */
  typed: Readonly<Record<string, string>>;
  publish: PublishStatus;
  notice?: Notice;
}

function historyRow(context: PageContext, view: TranslationKeyView, edit: TranslationEdit): Html {
  const language = view.languages.find((candidate) => candidate.code === edit.locale);
  return html`<tr><td data-label="Cuándo">${dateTime(edit.createdAt)}</td><td data-label="Quién">${edit.author ? html`<bdi>${edit.author}</bdi>` : html`<span class="muted">Sin cuenta</span>`}</td><td data-label="Idioma">${language?.name ?? edit.locale}</td><td data-label="Antes" lang="${edit.locale}"><bdi>${edit.previous}</bdi></td><td data-label="Después" lang="${edit.locale}"><bdi>${edit.text}</bdi>${edit.reverts !== null && html` <span class="muted">(deshecho)</span>`}</td><td data-label="Acción"><form method="post" action="${translationKeyPath(view.entry.key)}/revert">${csrfInput(context.csrf)}<input type="hidden" name="edit" value="${String(edit.id)}"><button class="btn btn-outline" type="submit">Volver a «${edit.previous.length > 30 ? `${edit.previous.slice(0, 29)}…` : edit.previous}»</button></form></td></tr>`;
}

export function translationKeyPage(context: PageContext, view: TranslationKeyView): Html {
  const { entry } = view;
  const original = entry.texts.get(view.defaultCode) ?? '';
  return adminPage(
    context,
    { title: `Traducción ${entry.key}`, section: 'translations', ...(view.notice ? { notice: view.notice } : {}) },
    html`<p><a href="${TRANSLATIONS_PATH}">← Volver a traducciones</a></p>
<div class="page-head"><div><h1><code>${entry.key}</code></h1><p class="lede">Los datos entre llaves, como {correo}, los pone el sitio: deben quedar igual en cada idioma.</p></div></div>
${publishBox(view.publish)}
${errorSummary(view.errors)}
<div class="grid grid-2">${view.languages.map((language) => {
      const id = `texto-${language.code}`;
      const error = view.errors[language.code];
      const built = entry.built.get(language.code) ?? '';
      return section(
        language.name,
        `idioma-${language.code}`,
        html`<form method="post" action="${translationKeyPath(entry.key)}">
${csrfInput(context.csrf)}
<input type="hidden" name="locale" value="${language.code}">
<div class="field"><label for="${id}">Texto en ${language.name}</label>${language.code !== view.defaultCode && html`<p class="hint" id="${id}-hint">Original: <span lang="${view.defaultCode}"><bdi>${original}</bdi></span></p>`}${error && html`<p class="field-error" id="${id}-error">${error}</p>`}
<textarea id="${id}" name="text" lang="${language.code}" rows="3" maxlength="${String(MAX_TEXT_LENGTH)}" required${attr('aria-invalid', error ? 'true' : undefined)}${attr('aria-describedby', [language.code !== view.defaultCode ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined)}>${view.typed[language.code] ?? entry.texts.get(language.code) ?? ''}</textarea></div>
${badges(entry, language.code)}
<p class="hint">En el archivo del sitio: <span lang="${language.code}"><bdi>${built}</bdi></span></p>
<div class="actions"><button class="btn btn-primary" type="submit">Guardar ${language.name}</button></div>
</form>`,
      );
    })}</div>
${section(
  'Historial',
  'historial',
  view.history.length === 0
    ? html`<p class="muted">Nadie ha cambiado este texto desde la bandeja: el sitio muestra el de los archivos.</p>`
    : html`<div class="table-wrap"><table class="stack"><caption class="visually-hidden">Cambios de este texto</caption>
<thead><tr><th scope="col">Cuándo</th><th scope="col">Quién</th><th scope="col">Idioma</th><th scope="col">Antes</th><th scope="col">Después</th><th scope="col">Acción</th></tr></thead>
<tbody>${view.history.map((edit) => historyRow(context, view, edit))}</tbody></table></div>`,
)}`,
  );
}
