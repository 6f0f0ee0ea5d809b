/** Two-step sign-in: the code page after the password, the account page's section, an admin's reset. */
import { SITE } from '../../../core/site.ts';
import { html, trustedHtml, type Html } from '../html.ts';
import { ADMIN_PATHS, userPath } from '../paths.ts';
import { PASSWORD_MAX_LENGTH } from '../passwords.ts';
import { csrfInput, errorSummary, inputField, section, type FieldErrors } from './components.ts';
import { barePage, noticeBox, type Notice } from './layout.ts';

export const TWO_STEP_MESSAGES = {
  wrongCode: 'El código no es correcto o ya venció. Escribe el que muestra tu aplicación en este momento.',
  replayed: 'Ese código ya se usó. Espera a que tu aplicación muestre uno nuevo y escríbelo.',
  missing: 'Escribe el código de 6 dígitos de tu aplicación, o uno de tus códigos de recuperación.',
  expired: 'Pasaron más de 5 minutos desde que escribiste tu contraseña. Vuelve a iniciar sesión.',
  confirmWrong: 'El código no coincide. Revisa que la hora de tu teléfono sea la correcta y escribe el código actual.',
  alreadyOn: 'La verificación en dos pasos ya está activa.',
  wrongPassword: 'La contraseña no es correcta.',
} as const;

export const ACCOUNT_TWO_STEP_PATHS = {
  start: `${ADMIN_PATHS.account}/two-step/start`,
  confirm: `${ADMIN_PATHS.account}/two-step/confirm`,
  disable: `${ADMIN_PATHS.account}/two-step/disable`,
} as const;

export const userTwoStepResetPath = (id: number) => `${userPath(id)}/two-step/reset`;

export interface CodePageView {
  csrf: string;
  next: string | undefined;
  notice?: Notice;
  stylesheetVersion: string;
}

/** The second step: the authenticator's code, or a recovery code. */
export function codePage(view: CodePageView): Html {
  return barePage(
    { title: 'Verificación en dos pasos', stylesheetVersion: view.stylesheetVersion },
    html`<div class="card">
<p class="brand-dark">${SITE.name} · Ventas</p>
<h1>Verificación en dos pasos</h1>
${noticeBox(view.notice)}
<form method="post" action="${ADMIN_PATHS.loginCode}">
${csrfInput(view.csrf)}
${view.next && html`<input type="hidden" name="next" value="${view.next}">`}
${inputField({ name: 'code', id: 'codigo', label: 'Código', autocomplete: 'one-time-code', inputMode: 'numeric', required: true, maxLength: 20, hint: 'Los 6 dígitos que muestra tu aplicación de autenticación. Si no tienes el teléfono, escribe uno de tus códigos de recuperación.' })}
<div class="actions"><button class="btn btn-primary" type="submit">Verificar</button></div>
</form>
<p class="hint">¿Perdiste tu teléfono y tus códigos de recuperación? Pide a una persona con rol de administración que quite tu verificación en dos pasos y <a href="${ADMIN_PATHS.login}">vuelve a iniciar sesión</a>.</p>
</div>`,
  );
}

export type TwoStepSectionView =
  | { kind: 'off' }
  | { kind: 'pending'; qrSvg: string; secret: string; errors?: FieldErrors }
  | { kind: 'on'; recoveryCodesLeft: number; newCodes?: readonly string[]; errors?: FieldErrors };

/** The account page's section: turn it on (QR, secret as text, a code to confirm), see it on, turn it off. */
export function twoStepSection(csrf: string, view: TwoStepSectionView): Html {
  if (view.kind === 'off') {
    return section(
      'Verificación en dos pasos',
      'dos-pasos',
      html`<p>Además de tu contraseña, al entrar te pediremos un código de 6 dígitos de una aplicación de autenticación en tu teléfono (Google Authenticator, Microsoft Authenticator, 1Password u otra). Así, quien sepa tu contraseña no puede entrar sin tu teléfono.</p>
<form method="post" action="${ACCOUNT_TWO_STEP_PATHS.start}">${csrfInput(csrf)}
<div class="actions"><button class="btn btn-primary" type="submit">Activar la verificación en dos pasos</button></div>
</form>`,
    );
  }
  if (view.kind === 'pending') {
    const errors = view.errors ?? {};
    return section(
      'Verificación en dos pasos',
      'dos-pasos',
      html`<ol class="steps">
<li>Abre tu aplicación de autenticación y escanea este código QR.
<div class="qr" role="img" aria-label="Código QR para agregar tu cuenta a la aplicación de autenticación">${trustedHtml(view.qrSvg)}</div></li>
<li>¿No puedes escanearlo? Escribe esta clave en la aplicación (tipo «basada en tiempo»): <code class="secret">${view.secret}</code></li>
<li>Escribe el código que te muestra la aplicación para confirmar.</li>
</ol>
<form method="post" action="${ACCOUNT_TWO_STEP_PATHS.confirm}">${csrfInput(csrf)}
${errorSummary(errors)}
${inputField({ name: 'code', id: 'codigo-confirmacion', label: 'Código de la aplicación', autocomplete: 'one-time-code', inputMode: 'numeric', required: true, maxLength: 20, errors })}
<div class="actions"><button class="btn btn-primary" type="submit">Confirmar y activar</button></div>
</form>`,
    );
  }
  const errors = view.errors ?? {};
  return section(
    'Verificación en dos pasos',
    'dos-pasos',
    html`<p><span class="badge status-ganado">Activa</span> Al entrar te pedimos el código de tu aplicación. Te quedan ${view.recoveryCodesLeft} ${view.recoveryCodesLeft === 1 ? 'código' : 'códigos'} de recuperación.</p>
${
  view.newCodes &&
  html`<div class="notice notice-info" role="status"><p><strong>Guarda tus códigos de recuperación.</strong> Cada uno sirve una vez para entrar si no tienes tu teléfono. No los volveremos a mostrar.</p>
<ul class="recovery-codes">${view.newCodes.map((code) => html`<li><code>${code}</code></li>`)}</ul></div>`
}
<form method="post" action="${ACCOUNT_TWO_STEP_PATHS.disable}">${csrfInput(csrf)}
${errorSummary(errors)}
${inputField({ name: 'password', id: 'clave-dos-pasos', label: 'Tu contraseña, para desactivarla', type: 'password', autocomplete: 'current-password', required: true, maxLength: PASSWORD_MAX_LENGTH, errors })}
<div class="actions"><button class="btn btn-danger" type="submit">Desactivar la verificación en dos pasos</button></div>
</form>`,
  );
}

/** On an admin's page of an account: whether it is on, and a reset for a lost phone. */
export function userTwoStepSection(csrf: string, userId: number, enabled: boolean): Html {
  return section(
    'Verificación en dos pasos',
    'dos-pasos',
    enabled
      ? html`<p><span class="badge status-ganado">Activa</span></p>
<form method="post" action="${userTwoStepResetPath(userId)}">${csrfInput(csrf)}
<div class="actions"><button class="btn btn-danger" type="submit">Quitar la verificación en dos pasos</button></div>
</form>
<p class="hint">Úsalo si perdió su teléfono y sus códigos de recuperación: entrará solo con su contraseña hasta que la active otra vez.</p>`
      : html`<p>No la tiene activada. Cada persona la activa desde «Mi cuenta».</p>`,
  );
}
