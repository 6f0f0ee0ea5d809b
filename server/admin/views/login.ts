/** The sign-in page: only for guests; a signed-in user never sees it. */
import { SITE } from '../../../core/site.ts';
import { html, type Html } from '../html.ts';
import { ADMIN_PATHS } from '../paths.ts';
import { csrfInput, inputField } from './components.ts';
import { barePage, noticeBox, type Notice } from './layout.ts';

export const LOGIN_MESSAGES = {
  wrongCredentials: 'Las credenciales proporcionadas son incorrectas.',
  missing: 'Escribe tu correo y tu contraseña.',
  expired: 'Tu sesión terminó. Vuelve a iniciar sesión para continuar.',
  signedOut: 'Cerraste la sesión.',
  signedOutEverywhere: 'Cerraste la sesión en todos tus dispositivos.',
  staleForm: 'El formulario caducó. Escribe de nuevo tu correo y tu contraseña.',
  linkSent:
    'Si el correo es de una cuenta activa, te enviamos un enlace para entrar. Ábrelo en este mismo navegador: vale 15 minutos y sirve una sola vez.',
  saved: 'Tu sesión terminó, pero guardamos lo que enviaste: inicia sesión y lo aplicamos.',
} as const;

export interface LoginView {
  csrf: string;
  next: string | undefined;
  email?: string;
  notice?: Notice;
  stylesheetVersion: string;
  /** The account is throttled: offer a one-time sign-in link by e-mail. */
  offerLink?: boolean;
}

/** For the owner of a throttled account: a one-time link to this browser instead of the wait. */
function linkOffer(view: LoginView): Html {
  return html`<section class="link-offer" aria-labelledby="enlace-titulo">
<h2 id="enlace-titulo">¿Es tu cuenta?</h2>
<p>No esperes: te enviamos a tu correo un enlace para entrar desde este navegador. Vale 15 minutos y sirve una sola vez.</p>
<form method="post" action="${ADMIN_PATHS.loginLink}">
${csrfInput(view.csrf)}
<input type="hidden" name="email" value="${view.email ?? ''}">
<div class="actions"><button class="btn btn-outline" type="submit">Enviarme un enlace para entrar</button></div>
</form>
</section>`;
}

export function loginPage(view: LoginView): Html {
  return barePage(
    { title: 'Iniciar sesión', stylesheetVersion: view.stylesheetVersion },
    html`<div class="card">
<p class="brand-dark">${SITE.name} · Ventas</p>
<h1>Iniciar sesión</h1>
${noticeBox(view.notice)}
<form method="post" action="${ADMIN_PATHS.login}">
${csrfInput(view.csrf)}
${view.next && html`<input type="hidden" name="next" value="${view.next}">`}
${inputField({ name: 'email', label: 'Correo electrónico', type: 'email', value: view.email ?? '', autocomplete: 'username', required: true, maxLength: 254 })}
${inputField({ name: 'password', label: 'Contraseña', type: 'password', autocomplete: 'current-password', required: true, maxLength: 256 })}
<div class="actions"><button class="btn btn-primary" type="submit">Entrar</button></div>
</form>
${view.offerLink && linkOffer(view)}
<p class="hint">¿No tienes cuenta o no puedes entrar? Pide a una persona con rol de administración que te la cree o la reactive.</p>
</div>`,
  );
}
