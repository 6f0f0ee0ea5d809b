/**
 * The command line of `npm run admin:user`: what to do with which account. Parsing is pure and answers
 * a Spanish usage error instead of throwing, so the script can print it and exit 2.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { NAME_MAX_LENGTH, normalizeEmail } from '../accounts.ts';
import { isRole, ROLES, type Role } from '../roles.ts';

export type UserCommand =
  | { action: 'help' }
  | { action: 'list' }
  | { action: 'create'; email: string; role: Role; name: string | undefined }
  | { action: 'disable' | 'enable' | 'reset'; email: string };

/** `db`: the SQLite file given with --db, instead of the server's database. */
export type ParsedCommand = { ok: true; command: UserCommand; db: string | undefined } | { ok: false; message: string };

export const USAGE = `Uso: npm run admin:user -- <opciones>

  --email CORREO --role admin|sales [--name "Nombre Apellido"]
        Crea una cuenta. La contraseña se toma de ADMIN_PASSWORD o se pide sin mostrarla.
  --email CORREO --reset      Cambia la contraseña y cierra todas las sesiones de la cuenta.
  --email CORREO --disable    Desactiva la cuenta y cierra sus sesiones (no borra su historial).
  --email CORREO --enable     Reactiva una cuenta desactivada.
  --list                      Lista las cuentas.

Roles: sales trabaja los leads; admin además administra las cuentas en /admin/users.
Usa la misma base de datos que el servidor (DATABASE_URL o DATABASE_PATH, o --db ARCHIVO).`;

const emailSchema = z.email();

export function parseUserCommand(argv: readonly string[]): ParsedCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        email: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
        db: { type: 'string' },
        list: { type: 'boolean' },
        disable: { type: 'boolean' },
        enable: { type: 'boolean' },
        reset: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `Opciones no válidas (${detail}).\n\n${USAGE}` };
  }
  if (values.help) return { ok: true, command: { action: 'help' }, db: values.db };
  const actions = (['list', 'disable', 'enable', 'reset'] as const).filter((name) => values[name]);
  if (actions.length > 1)
    return { ok: false, message: `Elige una sola acción: ${actions.map((name) => `--${name}`).join(', ')}.` };
  if (values.list) {
    if (values.email || values.role) return { ok: false, message: '--list no lleva --email ni --role.' };
    return { ok: true, command: { action: 'list' }, db: values.db };
  }
  if (!values.email) return { ok: false, message: `Falta --email.\n\n${USAGE}` };
  const email = normalizeEmail(values.email);
  if (!emailSchema.safeParse(email).success || email.length > 254)
    return { ok: false, message: `«${values.email}» no es un correo electrónico válido.` };
  const action = actions[0];
  if (action) {
    if (values.role || values.name) return { ok: false, message: `--${action} no lleva --role ni --name.` };
    return { ok: true, command: { action, email }, db: values.db };
  }
  if (!values.role) return { ok: false, message: `Para crear la cuenta falta --role (${ROLES.join(' o ')}).` };
  if (!isRole(values.role))
    return { ok: false, message: `El rol «${values.role}» no existe: usa ${ROLES.join(' o ')}.` };
  const name = values.name?.trim().replace(/\s+/g, ' ');
  if (name !== undefined && (name.length === 0 || name.length > NAME_MAX_LENGTH || /\p{Cc}/u.test(name))) {
    return { ok: false, message: `El nombre debe tener entre 1 y ${NAME_MAX_LENGTH} caracteres.` };
  }
  return { ok: true, command: { action: 'create', email, role: values.role, name }, db: values.db };
}
