/**
 * The command line of `npm run privacy`: which ARCO action on whom. Parsing is pure and answers a Spanish
 * usage error instead of throwing, so the script prints it and exits 2.
 */
import { parseArgs } from 'node:util';
import { parseDate } from '../../../core/dates.ts';
import { isEmail, normalizeEmail, phoneDigits } from '../identity.ts';
import { isRequestKind, REQUEST_KINDS, type RequestKind } from '../requests.ts';

interface Person {
  email: string;
  phone: string | undefined;
  /** `YYYY-MM-DD`, when the request arrived before today. */
  received: string | undefined;
}

export type PrivacyCommand =
  | { action: 'help' }
  | ({ action: 'find' } & Person)
  | ({ action: 'export'; out: string } & Person)
  | ({ action: 'cancel'; reason: string; yes: boolean } & Person)
  | ({ action: 'oppose' | 'revoke'; reason: string } & Person)
  | { action: 'register'; kind: RequestKind; email: string; received: string | undefined; detail: string | undefined }
  | { action: 'requests'; all: boolean }
  | { action: 'retention' };

export type ParsedPrivacyCommand =
  { ok: true; command: PrivacyCommand; db: string | undefined } | { ok: false; message: string };

export const PRIVACY_USAGE = `Uso: npm run privacy -- <acción> [opciones]

  find --email CORREO [--phone TEL]
        Imprime en JSON todo lo que guardamos de la persona (leads, reuniones, notas, historial, correos y
        sus .eml, solicitudes, negativas, bitácora). Con --phone suma los leads enviados con ese teléfono.
  export --email CORREO --out ARCHIVO.json [--phone TEL] [--received AAAA-MM-DD]
        Acceso: escribe lo que se le entrega (JSON y una versión de texto, ARCHIVO.txt) y registra la
        solicitud como respondida.
  cancel --email CORREO --reason "…" [--phone TEL] [--received AAAA-MM-DD] [--yes]
        Cancelación: borra sus datos personales en todas partes (las cifras del negocio quedan sin datos
        personales) y registra la solicitud. En una terminal pide confirmar con el correo, salvo con --yes.
  oppose --email CORREO --reason "…" [--received AAAA-MM-DD]
  revoke --email CORREO --reason "…" [--received AAAA-MM-DD]
        Oposición o revocación del consentimiento: no se le envían más correos; queda registrada.
  register --kind ${Object.keys(REQUEST_KINDS).join('|')} --email CORREO [--received AAAA-MM-DD] [--detail "…"]
        Registra una solicitud recibida para responderla después (cuenta su plazo legal).
  requests [--all]
        Las solicitudes abiertas con su fecha límite (con --all, también las respondidas).
  retention
        Corre ahora la tarea de conservación (anonimiza leads y borra cuerpos de correo vencidos).

--received: la fecha en que llegó la solicitud, si fue antes de hoy (el plazo se cuenta desde ahí).
Usa la misma base de datos que el servidor (DATABASE_URL o DATABASE_PATH, o --db ARCHIVO) y OUTBOX_DIR.`;

const ACTIONS = ['find', 'export', 'cancel', 'oppose', 'revoke', 'register', 'requests', 'retention', 'help'] as const;

const REASON_MAX = 1000;

function cleanText(
  value: string | undefined,
  what: string,
): { ok: true; value: string } | { ok: false; message: string } {
  const text = (value ?? '').replace(/\r\n?/g, '\n').trim();
  if (!text) return { ok: false, message: `Falta ${what}.` };
  if (Array.from(text).length > REASON_MAX || /[\p{Cc}--\n]/v.test(text))
    return {
      ok: false,
      message: `${what[0]?.toUpperCase() ?? ''}${what.slice(1)} debe tener como máximo ${REASON_MAX} caracteres, sin caracteres de control.`,
    };
  return { ok: true, value: text };
}

/** A date the request was received: a real date, not after `today`. */
export function receivedProblem(value: string, today: string): string | undefined {
  if (!parseDate(value)) return `--received debe ser una fecha AAAA-MM-DD; tiene «${value}».`;
  if (value > today) return `--received no puede ser posterior a hoy (${today}).`;
  return undefined;
}

export function parsePrivacyCommand(argv: readonly string[], today: string): ParsedPrivacyCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        phone: { type: 'string' },
        out: { type: 'string' },
        reason: { type: 'string' },
        received: { type: 'string' },
        kind: { type: 'string' },
        detail: { type: 'string' },
        db: { type: 'string' },
        all: { type: 'boolean' },
        yes: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `Opciones no válidas (${detail}).\n\n${PRIVACY_USAGE}` };
  }
  const { values, positionals } = parsed;
  const db = values.db;
  const action = values.help ? 'help' : positionals[0];
  if (positionals.length > 1) return { ok: false, message: `Sobra «${positionals[1] ?? ''}».\n\n${PRIVACY_USAGE}` };
  if (!action || !(ACTIONS as readonly string[]).includes(action))
    return {
      ok: false,
      message: `${action ? `No conozco la acción «${action}».` : 'Falta la acción.'}\n\n${PRIVACY_USAGE}`,
    };
  if (action === 'help') return { ok: true, command: { action: 'help' }, db };
  if (action === 'requests') return { ok: true, command: { action: 'requests', all: values.all === true }, db };
  if (action === 'retention') return { ok: true, command: { action: 'retention' }, db };

  if (!values.email) return { ok: false, message: `Falta --email.\n\n${PRIVACY_USAGE}` };
  if (!isEmail(values.email)) return { ok: false, message: `«${values.email}» no es un correo electrónico válido.` };
  const email = normalizeEmail(values.email);
  if (values.phone !== undefined && !phoneDigits(values.phone))
    return { ok: false, message: `«${values.phone}» no es un teléfono de 10 dígitos.` };
  if (values.received !== undefined) {
    const problem = receivedProblem(values.received, today);
    if (problem) return { ok: false, message: problem };
  }
  const person: Person = { email, phone: values.phone, received: values.received };

  switch (action) {
    case 'find':
      return { ok: true, command: { action, ...person }, db };
    case 'export':
      if (!values.out) return { ok: false, message: 'Falta --out: el archivo donde escribir los datos.' };
      return { ok: true, command: { action, out: values.out, ...person }, db };
    case 'cancel':
    case 'oppose':
    case 'revoke': {
      const reason = cleanText(values.reason, 'el motivo (--reason)');
      if (!reason.ok) return reason;
      if (action === 'cancel')
        return { ok: true, command: { action, reason: reason.value, yes: values.yes === true, ...person }, db };
      return { ok: true, command: { action, reason: reason.value, ...person }, db };
    }
    case 'register': {
      if (!isRequestKind(values.kind))
        return { ok: false, message: `--kind debe ser ${Object.keys(REQUEST_KINDS).join(', ')}.` };
      const detail = values.detail === undefined ? undefined : cleanText(values.detail, 'el detalle (--detail)');
      if (detail && !detail.ok) return detail;
      return {
        ok: true,
        command: { action, kind: values.kind, email, received: values.received, detail: detail?.value },
        db,
      };
    }
  }
  return { ok: false, message: PRIVACY_USAGE };
}
