/** The signed-in person's own account: change the password, sign out on every device. */
import { html, type Html } from '../html.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../passwords.ts';
import { ADMIN_PATHS } from '../paths.ts';
import { ROLE_LABELS } from '../roles.ts';
import { csrfInput, errorSummary, inputField, section } from './components.ts';
import { adminPage, type Notice, type PageContext } from './layout.ts';
import type { FormState } from './users.ts';

export function accountPage(
  context: PageContext,
  view: { sessions: number; notice?: Notice; password?: FormState; calendar?: Html; twoStep?: Html },
): Html {
  const errors = view.password?.errors ?? {};
  const { user } = context;
  return adminPage(
    context,
    { title: 'Mi cuenta', section: 'account', ...(view.notice ? { notice: view.notice } : {}) },
    html`<div class="page-head"><div><h1>Mi cuenta</h1><p class="lede">${user.name} · ${user.email} · ${ROLE_LABELS[user.role]}</p></div></div>
<div class="grid grid-2">
${section(
  'Cambiar mi contraseña',
  'clave',
  html`<form method="post" action="${ADMIN_PATHS.account}/password">
${csrfInput(context.csrf)}
${errorSummary(errors)}
<input type="hidden" name="username" value="${user.email}" autocomplete="username">
${inputField({ name: 'current', id: 'actual', label: 'Contraseña actual', type: 'password', required: true, maxLength: PASSWORD_MAX_LENGTH, autocomplete: 'current-password', errors })}
${inputField({ name: 'password', id: 'nueva', label: 'Nueva contraseña', type: 'password', required: true, maxLength: PASSWORD_MAX_LENGTH, autocomplete: 'new-password', hint: `Al menos ${PASSWORD_MIN_LENGTH} caracteres.`, errors })}
${inputField({ name: 'confirm', id: 'confirmacion', label: 'Repite la nueva contraseña', type: 'password', required: true, maxLength: PASSWORD_MAX_LENGTH, autocomplete: 'new-password', errors })}
<div class="actions"><button class="btn btn-primary" type="submit">Cambiar contraseña</button></div>
</form>
<p class="hint">Al cambiarla se cierran tus sesiones en los demás dispositivos.</p>`,
)}
${section(
  'Sesiones',
  'sesiones',
  html`<p>${view.sessions === 1 ? 'Tienes 1 sesión abierta: esta.' : `Tienes ${view.sessions} sesiones abiertas, contando esta.`}</p>
<form method="post" action="${ADMIN_PATHS.logoutEverywhere}">
${csrfInput(context.csrf)}
<div class="actions"><button class="btn btn-danger" type="submit">Cerrar sesión en todos los dispositivos</button></div>
</form>
<p class="hint">Úsalo si perdiste un teléfono o entraste desde una computadora ajena.</p>`,
)}
${view.twoStep}
${view.calendar}
</div>`,
  );
}
