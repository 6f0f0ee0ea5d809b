/** The page around every inbox view: head, skip link, top bar with the sections, the notice. */
import { SITE } from '../../../core/site.ts';
import { attr, html, toHtmlString, trustedHtml, type Html, type HtmlValue } from '../html.ts';
import type { AdminUser } from '../model.ts';
import { ADMIN_PATHS } from '../paths.ts';
import { can, ROLE_LABELS } from '../roles.ts';
import { csrfInput } from './components.ts';

export type Section =
  'contacts' | 'board' | 'meetings' | 'dashboard' | 'monitoring' | 'users' | 'privacy' | 'translations' | 'account';

export interface Notice {
  tone: 'success' | 'error' | 'info';
  message: HtmlValue;
}

export interface PageContext {
  user: AdminUser;
  csrf: string;
  /** Cache-busting suffix of the stylesheet URL. */
  stylesheetVersion: string;
}

const SECTIONS: ReadonlyArray<{ id: Section; href: string; label: string; adminOnly?: boolean }> = [
  { id: 'contacts', href: ADMIN_PATHS.contacts, label: 'Bandeja' },
  { id: 'board', href: ADMIN_PATHS.board, label: 'Tablero' },
  { id: 'meetings', href: ADMIN_PATHS.meetings, label: 'Reuniones' },
  { id: 'dashboard', href: ADMIN_PATHS.dashboard, label: 'Panel' },
  { id: 'monitoring', href: ADMIN_PATHS.monitoring, label: 'Monitoreo' },
  { id: 'users', href: ADMIN_PATHS.users, label: 'Usuarios', adminOnly: true },
  { id: 'privacy', href: ADMIN_PATHS.privacy, label: 'Datos personales', adminOnly: true },
  { id: 'translations', href: ADMIN_PATHS.translations, label: 'Traducciones', adminOnly: true },
  { id: 'account', href: ADMIN_PATHS.account, label: 'Mi cuenta' },
];

function head(title: string, stylesheetVersion: string): Html {
  return html`<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="same-origin">
<title>${title} · Ventas · ${SITE.name}</title>
<link rel="stylesheet" href="${ADMIN_PATHS.stylesheet}?v=${stylesheetVersion}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>`;
}

export function noticeBox(notice: Notice | undefined): Html {
  if (!notice) return html``;
  // Errors interrupt (alert); confirmations are announced politely.
  return html`<div class="notice notice-${notice.tone}" role="${notice.tone === 'error' ? 'alert' : 'status'}">${notice.message}</div>`;
}

/**
 * The notice right under the heading whose id is `headingId` (the part of the page the action was about, which
 * the redirect scrolled to), so the person reads it where they are looking; at the top when there is no such
 * heading.
 */
function placeNotice(body: HtmlValue, notice: Notice | undefined, headingId: string | undefined): Html {
  const markup = toHtmlString(body);
  const start = headingId ? markup.indexOf(`<h2 id="${headingId}">`) : -1;
  const end = start < 0 ? -1 : markup.indexOf('</h2>', start);
  if (end < 0) return html`${noticeBox(notice)}${trustedHtml(markup)}`;
  const at = end + '</h2>'.length;
  return trustedHtml(`${markup.slice(0, at)}${toHtmlString(noticeBox(notice))}${markup.slice(at)}`);
}

export function adminPage(
  context: PageContext,
  options: { title: string; section?: Section; notice?: Notice; noticeAt?: string },
  body: HtmlValue,
): Html {
  const { user } = context;
  const sections = SECTIONS.filter((section) => !section.adminOnly || can(user.role, 'manage-users'));
  return html`<html lang="es-MX">
${head(options.title, context.stylesheetVersion)}
<body>
<a class="skip-link" href="#contenido">Saltar al contenido</a>
<header class="topbar">
<div class="container topbar-inner">
<a class="brand" href="${ADMIN_PATHS.contacts}">${SITE.name} <span>Ventas</span></a>
<nav class="nav" aria-label="Secciones de la bandeja"><ul>
${sections.map(
  (section) =>
    html`<li><a href="${section.href}"${attr('aria-current', section.id === options.section ? 'page' : undefined)}>${section.label}</a></li>`,
)}
</ul></nav>
<div class="session">
<span>${user.name} · ${ROLE_LABELS[user.role]}</span>
<form method="post" action="${ADMIN_PATHS.logout}">${csrfInput(context.csrf)}<button class="btn" type="submit">Cerrar sesión</button></form>
</div>
</div>
</header>
<main id="contenido" class="container" tabindex="-1">
${placeNotice(body, options.notice, options.noticeAt)}
</main>
</body>
</html>`;
}

/** Pages without the top bar: sign-in and errors seen signed out. */
export function barePage(options: { title: string; stylesheetVersion: string }, body: HtmlValue): Html {
  return html`<html lang="es-MX">
${head(options.title, options.stylesheetVersion)}
<body>
<main id="contenido" class="login">
${body}
</main>
</body>
</html>`;
}
