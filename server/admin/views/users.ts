/** Account management (admin only): the list, a new account, and one account's role, state and password. */
import { NAME_MAX_LENGTH } from '../accounts.ts';
import { html, type Html } from '../html.ts';
import type { AdminUser } from '../model.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../passwords.ts';
import { ADMIN_PATHS, userPath } from '../paths.ts';
import { ROLE_LABELS, ROLES } from '../roles.ts';
import {
  csrfInput,
  dateTime,
  errorSummary,
  inputField,
  section,
  selectField,
  shorten,
  type FieldErrors,
} from './components.ts';
import { adminPage, type Notice, type PageContext } from './layout.ts';

export interface FormState {
  errors: FieldErrors;
  values: Readonly<Record<string, string>>;
}

const roleChoices = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const passwordHint = `Al menos ${PASSWORD_MIN_LENGTH} caracteres. Compártela por un canal seguro; la persona puede cambiarla en «Mi cuenta».`;

function stateBadge(user: AdminUser): Html {
  return user.active
    ? html`<span class="badge status-ganado">Activa</span>`
    : html`<span class="badge status-perdido">Desactivada</span>`;
}

/** An account whose sign-in is being guessed; `knowsPassword`: the guesses are of second-step codes. */
export interface AttackView {
  user: AdminUser;
  knowsPassword: boolean;
  failures: number;
  at: Date;
}

function attacksAlert(attacks: readonly AttackView[]): Html | string {
  if (attacks.length === 0) return '';
  return html`<div class="notice notice-error" role="alert"><h2>Cuentas bajo ataque</h2>
<p>Alguien está probando contraseñas o códigos. Cada intento fallido alarga la espera; la persona puede entrar desde su navegador de confianza o con un enlace por correo. Si no fue ella, cambia su contraseña.</p>
<ul>${attacks.map(
    (attack) =>
      html`<li><a href="${userPath(attack.user.id)}"><bdi>${attack.user.name}</bdi></a>: ${String(attack.failures)} intentos fallidos${attack.knowsPassword ? html`, con la contraseña correcta y códigos equivocados: <strong>cambia su contraseña ya</strong>` : ''}; el último ${dateTime(attack.at.toISOString())}.</li>`,
  )}</ul></div>`;
}

export function usersPage(
  context: PageContext,
  view: { users: readonly AdminUser[]; attacks?: readonly AttackView[]; notice?: Notice; create?: FormState },
): Html {
  const errors = view.create?.errors ?? {};
  const values = view.create?.values ?? {};
  return adminPage(
    context,
    { title: 'Usuarios', section: 'users', ...(view.notice ? { notice: view.notice } : {}) },
    html`<div class="page-head"><div><h1>Usuarios</h1><p class="lede">Las cuentas del equipo. Ventas trabaja los leads; Administración además gestiona estas cuentas.</p></div></div>
${attacksAlert(view.attacks ?? [])}
<div class="card"><div class="table-wrap"><table class="stack"><caption class="visually-hidden">Cuentas del equipo</caption>
<thead><tr><th scope="col">Nombre</th><th scope="col">Correo</th><th scope="col">Rol</th><th scope="col">Estado</th><th scope="col">Último acceso</th></tr></thead>
<tbody>${view.users.map(
      (user) =>
        html`<tr><th scope="row" data-label="Nombre"><a href="${userPath(user.id)}">${user.name}</a></th><td data-label="Correo">${user.email}</td><td data-label="Rol">${ROLE_LABELS[user.role]}</td><td data-label="Estado">${stateBadge(user)}</td><td data-label="Último acceso">${user.lastLoginAt ? dateTime(user.lastLoginAt) : html`<span class="muted">Nunca</span>`}</td></tr>`,
    )}</tbody></table></div></div>
${section(
  'Crear una cuenta',
  'crear',
  html`<form method="post" action="${ADMIN_PATHS.users}">
${csrfInput(context.csrf)}
${errorSummary(errors)}
${inputField({ name: 'email', id: 'nuevo-correo', label: 'Correo electrónico', type: 'email', required: true, maxLength: 254, value: values.email ?? '', errors, autocomplete: 'off' })}
${inputField({ name: 'name', id: 'nuevo-nombre', label: 'Nombre', required: true, maxLength: NAME_MAX_LENGTH, value: values.name ?? '', errors, autocomplete: 'off' })}
${selectField({ name: 'role', id: 'nuevo-rol', label: 'Rol', choices: roleChoices, value: values.role ?? 'sales', errors })}
${inputField({ name: 'password', id: 'nueva-clave', label: 'Contraseña inicial', type: 'password', required: true, maxLength: PASSWORD_MAX_LENGTH, autocomplete: 'new-password', hint: passwordHint, errors })}
<div class="actions"><button class="btn btn-primary" type="submit">Crear cuenta</button></div>
</form>`,
)}`,
  );
}

export function userPage(
  context: PageContext,
  view: {
    user: AdminUser;
    sessions: number;
    notice?: Notice;
    edit?: FormState;
    password?: FormState;
    /** Two-step sign-in: whether it is on, and the reset. */
    twoStep?: Html;
  },
): Html {
  const { user } = view;
  const editErrors = view.edit?.errors ?? {};
  const passwordErrors = view.password?.errors ?? {};
  const self = user.id === context.user.id;
  const base = userPath(user.id);
  return adminPage(
    context,
    { title: `Usuario ${shorten(user.name, 24)}`, section: 'users', ...(view.notice ? { notice: view.notice } : {}) },
    html`<p><a href="${ADMIN_PATHS.users}">← Volver a usuarios</a></p>
<div class="page-head"><div><h1>${user.name}</h1><p class="lede">${user.email} · ${ROLE_LABELS[user.role]} · ${stateBadge(user)}</p></div></div>
<div class="grid grid-2">
${section(
  'Datos y rol',
  'datos',
  html`<form method="post" action="${base}">
${csrfInput(context.csrf)}
${errorSummary(editErrors)}
${inputField({ name: 'name', id: 'nombre', label: 'Nombre', required: true, maxLength: NAME_MAX_LENGTH, value: view.edit?.values.name ?? user.name, errors: editErrors })}
${selectField({ name: 'role', id: 'rol', label: 'Rol', choices: roleChoices, value: view.edit?.values.role ?? user.role, errors: editErrors })}
<div class="actions"><button class="btn btn-primary" type="submit">Guardar</button></div>
</form>`,
)}
${section(
  'Acceso',
  'acceso',
  html`<p>${view.sessions === 1 ? 'Tiene 1 sesión abierta.' : `Tiene ${view.sessions} sesiones abiertas.`}${user.lastLoginAt && html` Último acceso: ${dateTime(user.lastLoginAt)}.`}</p>
<form method="post" action="${base}/${user.active ? 'disable' : 'enable'}">
${csrfInput(context.csrf)}
<div class="actions">
${
  user.active
    ? html`<button class="btn btn-danger" type="submit"${self ? html` disabled aria-describedby="no-self"` : html``}>Desactivar la cuenta</button>${self && html`<p class="hint" id="no-self">No puedes desactivar tu propia cuenta.</p>`}`
    : html`<button class="btn btn-primary" type="submit">Reactivar la cuenta</button>`
}
</div>
</form>
<p class="hint">Desactivar cierra sus sesiones y le impide entrar; su historial en los leads se conserva.</p>
<hr>
<form method="post" action="${base}/password">
${csrfInput(context.csrf)}
${errorSummary(passwordErrors)}
${inputField({ name: 'password', id: 'clave', label: 'Nueva contraseña', type: 'password', required: true, maxLength: PASSWORD_MAX_LENGTH, autocomplete: 'new-password', hint: passwordHint, errors: passwordErrors })}
<div class="actions"><button class="btn btn-outline" type="submit">Cambiar la contraseña</button></div>
</form>
<p class="hint">Cambiar la contraseña cierra todas sus sesiones.</p>`,
)}
${view.twoStep}
</div>`,
  );
}
