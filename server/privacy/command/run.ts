/**
 * What `npm run privacy` does, given its parsed command, the database and the configuration. Every action
 * from here is answered "by the terminal" in the register and the audit trail. Returns the exit code:
 * 0 done, 1 refused (the confirmation did not match); usage errors (2) are the script's.
 */
import { rename, writeFile } from 'node:fs/promises';
import { dirname, join, parse } from 'node:path';
import { formatDayMonthYear, todayInMexicoCity } from '../../../core/dates.ts';
import type { ContentFacts } from '../../../core/content/load.ts';
import type { RetentionPolicy } from '../../../core/privacy.ts';
import type { Storage } from '../../db/storage.ts';
import { TERMINAL } from '../audit.ts';
import { businessDaysBetween } from '../deadline.ts';
import { accessText } from '../export.ts';
import { pendingRewrites, pendingRewritesNotice } from '../pending-rewrites.ts';
import { REQUEST_KINDS } from '../requests.ts';
import { runRetention } from '../retention.ts';
import { createPrivacyService } from '../service.ts';
import type { PrivacyCommand } from './args.ts';
import { PRIVACY_USAGE } from './args.ts';

export interface PrivacyIo {
  out(line: string): void;
  err(line: string): void;
  /** Asks a question on the terminal (for the cancellation's confirmation). */
  ask(question: string): Promise<string>;
  interactive: boolean;
  now(): Date;
}

export interface PrivacyDeps {
  storage: Storage;
  outboxDir: string;
  facts: Pick<ContentFacts, 'lists' | 'privacy' | 'offers'>;
  retention: RetentionPolicy;
  /** The leads' future meetings cancelled in every calendar before a cancellation erases them. */
  beforeErasure?: ((leadIds: readonly number[]) => Promise<number>) | undefined;
}

/** `datos.json` → `datos.txt`; any other name gets `.txt` added. */
export function textPathFor(out: string): string {
  const { dir, name, ext } = parse(out);
  return ext === '.json' ? join(dir, `${name}.txt`) : `${out}.txt`;
}

async function writeAtomically(path: string, content: string): Promise<void> {
  const partial = join(dirname(path), `.${parse(path).base}.partial`);
  await writeFile(partial, content, { mode: 0o600 });
  await rename(partial, path);
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export async function runPrivacyCommand(command: PrivacyCommand, deps: PrivacyDeps, io: PrivacyIo): Promise<number> {
  const privacy = createPrivacyService(deps);
  const now = io.now();
  const options = (received: string | undefined) => ({ actor: TERMINAL, now, receivedOn: received });
  switch (command.action) {
    case 'help':
      io.out(PRIVACY_USAGE);
      return 0;

    case 'find': {
      const finding = await privacy.find({ email: command.email, phone: command.phone }, { actor: TERMINAL, now });
      io.out(JSON.stringify(finding, null, 2));
      return 0;
    }

    case 'export': {
      const { requestId, document } = await privacy.access(
        { email: command.email, phone: command.phone },
        options(command.received),
      );
      const textPath = textPathFor(command.out);
      await writeAtomically(command.out, `${JSON.stringify(document, null, 2)}\n`);
      await writeAtomically(textPath, accessText(document));
      io.out(
        `Solicitud de acceso n.º ${requestId} respondida: ${plural(document.solicitudes.length, 'solicitud', 'solicitudes')} y ${plural(document.registros.length, 'registro', 'registros')}.`,
      );
      io.out(`Datos para entregar: ${command.out} (JSON) y ${textPath} (texto).`);
      return 0;
    }

    case 'cancel': {
      const lookup = { email: command.email, phone: command.phone };
      if (io.interactive && !command.yes) {
        const finding = await privacy.find(lookup, { actor: TERMINAL, now });
        io.out(
          `Se borrarán los datos de ${command.email}: ${
            Object.entries(finding.summary)
              .map(([table, rows]) => `${table} ${rows}`)
              .join(', ') || 'no hay filas ligadas'
          }; ${plural(finding.files.length, 'archivo .eml', 'archivos .eml')}.`,
        );
        const answer = (await io.ask('Escribe el correo otra vez para confirmar (no se puede deshacer): ')).trim();
        if (answer.toLowerCase() !== command.email) {
          io.err('El correo no coincide. No se borró nada.');
          return 1;
        }
      }
      const { requestId, result } = await privacy.cancel(lookup, {
        ...options(command.received),
        reason: command.reason,
      });
      io.out(`Solicitud de cancelación n.º ${requestId} respondida.`);
      for (const [table, outcome] of Object.entries(result.tables)) {
        const parts = [
          outcome.anonymised && `${outcome.anonymised} anonimizadas`,
          outcome.deleted && `${outcome.deleted} borradas`,
          outcome.redacted && `${outcome.redacted} con citas borradas`,
          outcome.kept && `${outcome.kept.rows} se conservan (${outcome.kept.reason})`,
        ].filter(Boolean);
        if (parts.length > 0) io.out(`  ${table}: ${parts.join(', ')}`);
      }
      io.out(`  Archivos .eml borrados: ${result.filesDeleted}`);
      io.out(`  ${result.compaction.detail}`);
      if (result.sentMessageIds.length > 0) {
        io.out('Estos correos ya habían salido; bórralos también del buzón de ventas (búscalos por Message-ID):');
        for (const id of result.sentMessageIds) io.out(`  ${id}`);
      }
      if (!result.compaction.complete) io.err(`Aviso: ${result.compaction.detail}`);
      return 0;
    }

    case 'oppose':
    case 'revoke': {
      const kind = command.action === 'oppose' ? 'oposicion' : 'revocacion';
      const { requestId, stopped } = await privacy.object(
        { email: command.email, phone: command.phone },
        { ...options(command.received), kind, reason: command.reason },
      );
      io.out(
        `${REQUEST_KINDS[kind]} registrada (solicitud n.º ${requestId}): no se le enviarán más correos sobre lo que nos dio; ${plural(stopped, 'correo en cola se detuvo', 'correos en cola se detuvieron')}.`,
      );
      return 0;
    }

    case 'register': {
      const id = await privacy.register(
        { kind: command.kind, email: command.email, detail: command.detail },
        options(command.received),
      );
      const request = await (await privacy.requests()).get(id);
      io.out(
        `Solicitud n.º ${id} (${REQUEST_KINDS[command.kind]}) registrada; fecha límite de respuesta: ${request ? formatDayMonthYear(request.dueOn) : '—'}.`,
      );
      return 0;
    }

    case 'requests': {
      const store = await privacy.requests();
      const { requests } = await store.list({ open: !command.all, page: 1 });
      const today = todayInMexicoCity(now);
      if (requests.length === 0)
        io.out(command.all ? 'No hay solicitudes registradas.' : 'No hay solicitudes abiertas.');
      for (const request of requests) {
        const left = businessDaysBetween(today, request.dueOn);
        const state = request.answeredAt
          ? `respondida ${todayInMexicoCity(new Date(request.answeredAt))} por ${request.answeredBy?.kind === 'account' ? (request.answeredBy.name ?? 'una cuenta') : 'la terminal'}`
          : left >= 0
            ? `abierta, faltan ${plural(left, 'día hábil', 'días hábiles')}`
            : `VENCIDA hace ${plural(-left, 'día hábil', 'días hábiles')}`;
        io.out(
          `${request.id}\t${REQUEST_KINDS[request.kind]}\t${request.email ?? request.emailMask}\trecibida ${request.receivedOn}\tvence ${request.dueOn}\t${state}`,
        );
      }
      const pending = pendingRewritesNotice(await pendingRewrites(deps.storage));
      if (pending) io.err(`Aviso: ${pending}`);
      return 0;
    }

    case 'retention': {
      const result = await runRetention({
        storage: deps.storage,
        policy: deps.retention,
        outboxDir: deps.outboxDir,
        now,
      });
      io.out(
        `Leads anonimizados: ${result.leadsAnonymised}; cuerpos de correo borrados: ${result.bodiesErased}; archivos .eml borrados: ${result.filesDeleted}; solicitudes enmascaradas: ${result.requestsMasked}; entradas de bitácora depuradas: ${result.auditPruned}.`,
      );
      const pending = result.pendingRewrites > 0 && pendingRewritesNotice(await pendingRewrites(deps.storage));
      if (pending) io.err(`Aviso: ${pending}`);
      return 0;
    }
  }
}
