/** Error pages of the inbox, in Spanish, with a way back. */
import { html, type Html } from '../html.ts';
import { ADMIN_PATHS } from '../paths.ts';
import { adminPage, barePage, type PageContext } from './layout.ts';

export const ERROR_PAGES = {
  400: {
    title: 'Solicitud no válida',
    message: 'La solicitud no se pudo leer. Vuelve a la página e inténtalo de nuevo.',
  },
  403: {
    title: 'Sin permiso',
    message:
      'Tu cuenta no tiene permiso para ver esta página. Si lo necesitas, pídelo a una persona con rol de administración.',
  },
  404: { title: 'Página no encontrada', message: 'No existe esta página de la bandeja, o el lead ya no está.' },
  405: { title: 'Método no permitido', message: 'Esta dirección no acepta esa operación.' },
  413: {
    title: 'Formulario demasiado grande',
    message: 'El formulario es demasiado grande. Acorta el texto e inténtalo de nuevo.',
  },
  415: { title: 'Formato no aceptado', message: 'El formulario llegó en un formato que no se acepta.' },
  500: { title: 'Error del servidor', message: 'Algo falló de nuestro lado. Inténtalo de nuevo en un momento.' },
  503: {
    title: 'Servicio no disponible',
    message: 'La bandeja no está disponible en este momento. Inténtalo de nuevo en un minuto.',
  },
} as const;

export type ErrorStatus = keyof typeof ERROR_PAGES;

export function isErrorStatus(status: number): status is ErrorStatus {
  return Object.hasOwn(ERROR_PAGES, status);
}

/** A page or a change that failed because the database was away for a moment: nothing was half-saved. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'La base de datos no respondió por un momento; si enviaste un cambio, no se guardó. Vuelve a intentarlo en unos segundos.';

/** The CSRF refusal: a form older than the session, or sent from elsewhere. */
export const CSRF_MESSAGE = 'El formulario no es válido o caducó. Vuelve a la página, recárgala e inténtalo de nuevo.';

export function errorPage(
  status: ErrorStatus,
  options: { context?: PageContext; stylesheetVersion: string; message?: string },
): Html {
  const page = ERROR_PAGES[status];
  const body = html`<div class="card"><h1>${page.title}</h1><p>${options.message ?? page.message}</p><p><a href="${ADMIN_PATHS.contacts}">Volver a la bandeja</a></p></div>`;
  return options.context
    ? adminPage(options.context, { title: page.title }, body)
    : barePage({ title: page.title, stylesheetVersion: options.stylesheetVersion }, body);
}
