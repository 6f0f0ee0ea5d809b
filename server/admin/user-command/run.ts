/**
 * What `npm run admin:user` does, given its parsed command and the database. The password comes from
 * ADMIN_PASSWORD when set, otherwise it is asked for twice without echo (once from a pipe). Returns the
 * process exit code: 0 done, 1 refused (unknown account, weak password…), 2 usage error.
 */
import type { Storage } from '../../db/storage.ts';
import { formatShortDateTime } from '../../../core/dates.ts';
import { createAuditLog, TERMINAL, type AuditAction } from '../../privacy/audit.ts';
import { hashPassword, passwordProblem, type ScryptCost } from '../passwords.ts';
import { ROLE_LABELS } from '../roles.ts';
import { createSessionStore } from '../store/sessions.ts';
import { isRefusal } from '../../errors.ts';
import { createUserStore } from '../store/users.ts';
import { USAGE, type UserCommand } from './args.ts';

export interface CliIo {
  /** ADMIN_PASSWORD, when set. */
  password: string | undefined;
  /** Asks for a secret without echo. */
  ask(question: string): Promise<string>;
  /** Whether the asking happens on a terminal (then the password is asked twice). */
  interactive: boolean;
  out(line: string): void;
  err(line: string): void;
  now(): Date;
  /** The scrypt cost of the new hash (default: passwords.ts DEFAULT_COST). */
  passwordCost?: ScryptCost;
}

async function newPassword(io: CliIo, email: string): Promise<string | undefined> {
  let password = io.password;
  if (password === undefined) {
    password = await io.ask('Contraseña nueva (no se muestra): ');
    if (io.interactive && (await io.ask('Repítela: ')) !== password) {
      io.err('Las dos contraseñas no coinciden. No se cambió nada.');
      return undefined;
    }
  }
  const problem = passwordProblem(password, email);
  if (problem) {
    io.err(`${problem} No se cambió nada.`);
    return undefined;
  }
  return password;
}

export async function runUserCommand(command: UserCommand, storage: Storage, io: CliIo): Promise<number> {
  const users = createUserStore(storage);
  // Sessions end by themselves; the limits only matter to `resume`, which the CLI does not call.
  const sessions = createSessionStore(storage, { idleMs: 0, maxMs: 0 });
  const now = io.now().toISOString();
  // Account changes from the terminal enter the audit trail like the inbox's.
  const audit = (action: AuditAction, account: number, detail?: Record<string, string>) =>
    createAuditLog(storage).record({
      actor: TERMINAL,
      action,
      target: `account:${account}`,
      ...(detail ? { detail } : {}),
      at: io.now(),
    });
  switch (command.action) {
    case 'help':
      io.out(USAGE);
      return 0;
    case 'list': {
      const list = await users.list();
      if (list.length === 0) io.out('No hay cuentas. Crea la primera con --email CORREO --role admin.');
      for (const user of list) {
        const last = user.lastLoginAt
          ? `último acceso ${formatShortDateTime(new Date(user.lastLoginAt))}`
          : 'sin accesos';
        io.out(
          `${user.email}\t${user.name}\t${ROLE_LABELS[user.role]}\t${user.active ? 'activa' : 'desactivada'}\t${last}`,
        );
      }
      return 0;
    }
    case 'create': {
      if (await users.byEmail(command.email)) {
        io.err(`Ya existe una cuenta con el correo ${command.email}. Usa --reset, --disable o --enable.`);
        return 1;
      }
      const password = await newPassword(io, command.email);
      if (password === undefined) return 1;
      let id: number;
      try {
        id = await users.create({
          email: command.email,
          name: command.name ?? command.email,
          role: command.role,
          passwordHash: await hashPassword(password, io.passwordCost),
          now,
        });
      } catch (error) {
        if (isRefusal(error, 'inboxAccountExists')) {
          io.err(error.message);
          return 1;
        }
        throw error;
      }
      await audit('account_created', id, { rol: command.role });
      io.out(`Cuenta creada: ${command.email} (${ROLE_LABELS[command.role]}). Entra en /admin/login.`);
      return 0;
    }
    case 'reset':
    case 'disable':
    case 'enable': {
      const user = await users.byEmail(command.email);
      if (!user) {
        io.err(`No existe una cuenta con el correo ${command.email}. Revisa --list.`);
        return 1;
      }
      if (command.action === 'reset') {
        const password = await newPassword(io, command.email);
        if (password === undefined) return 1;
        await users.setPassword(user.id, await hashPassword(password, io.passwordCost), now);
        const closed = await sessions.deleteForUser(user.id);
        await audit('account_password', user.id);
        io.out(
          `Contraseña cambiada para ${command.email}; ${closed === 1 ? 'se cerró 1 sesión' : `se cerraron ${closed} sesiones`}.`,
        );
        return 0;
      }
      const active = command.action === 'enable';
      await users.setActive(user.id, active, now);
      if (!active) await sessions.deleteForUser(user.id);
      await audit(active ? 'account_enabled' : 'account_disabled', user.id);
      io.out(
        active
          ? `Cuenta reactivada: ${command.email}.`
          : `Cuenta desactivada: ${command.email}; sus sesiones se cerraron.`,
      );
      return 0;
    }
  }
}
