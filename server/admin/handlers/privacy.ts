/**
 * The personal-data pages (admin): the register, a person looked up by e-mail and the answers to their
 * request, run by the same service as `npm run privacy` (server/privacy/service.ts), signed by the account.
 * A person's e-mail travels in POST bodies only, never in a URL (URLs end up in logs and histories).
 */
import { todayInMexicoCity } from '../../../core/dates.ts';
import { AUDIT_PAGE_SIZE, isAuditAction } from '../../privacy/audit.ts';
import { receivedProblem } from '../../privacy/command/args.ts';
import { accessText } from '../../privacy/export.ts';
import { isEmail, normalizeEmail, phoneDigits } from '../../privacy/identity.ts';
import { pendingRewritesNotice } from '../../privacy/pending-rewrites.ts';
import { isRequestKind, REQUESTS_PAGE_SIZE } from '../../privacy/requests.ts';
import { rectificationSchema } from '../../privacy/service.ts';
import type { Lookup } from '../../privacy/subject.ts';
import { showLeadPage, type LeadServices } from './leads.ts';
import { actorOf, noticeFrom, NOTICES, pageContext, render, type SignedIn, withNotice } from '../context.ts';
import { ADMIN_HEADERS, field, redirect, type FormFields } from '../http.ts';
import { ADMIN_PATHS, leadPath } from '../paths.ts';
import type { FieldErrors } from '../views/components.ts';
import { auditPage, privacyPage, REASON_MAX_LENGTH, type PrivacyForm, type PrivacyView } from '../views/privacy.ts';
import type { Notice } from '../views/layout.ts';
import { ApiError, refuse } from '../../errors.ts';

/** What the personal-data pages work with. */
type PrivacyHandlerServices = LeadServices;

const pageOf = (raw: string | null) => {
  const page = Number(raw ?? '1');
  return Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
};

async function showPage(
  services: PrivacyHandlerServices,
  state: SignedIn,
  extra: Pick<PrivacyView, 'finding' | 'form' | 'notice'> = {},
  status = 200,
): Promise<void> {
  const all = state.url.searchParams.get('todas') === '1';
  const page = pageOf(state.url.searchParams.get('pagina'));
  const { requests, total } = await (await services.privacy.requests()).list({ open: !all, page });
  // Table files still holding old versions are said on the page until the daily job's rewrite finishes.
  const pending = pendingRewritesNotice(await services.privacy.pendingRewrites());
  const notice =
    extra.notice ?? noticeFrom(state.url) ?? (pending ? { tone: 'info' as const, message: pending } : undefined);
  render(
    state,
    status,
    privacyPage(pageContext(services, state), {
      requests,
      total,
      page,
      pages: Math.max(1, Math.ceil(total / REQUESTS_PAGE_SIZE)),
      all,
      now: state.now,
      ...(extra.finding ? { finding: extra.finding } : {}),
      ...(extra.form ? { form: extra.form } : {}),
      ...(notice ? { notice } : {}),
    }),
  );
}

export function showPrivacy(services: PrivacyHandlerServices, state: SignedIn): Promise<void> {
  return showPage(services, state);
}

/** The person a form names (e-mail, and a phone when given), or the errors to show. */
function lookupOf(form: FormFields): { lookup?: Lookup; errors: FieldErrors } {
  const email = field(form, 'email');
  const phone = field(form, 'phone');
  const errors: FieldErrors = {};
  if (!isEmail(email)) errors.email = 'Escribe un correo electrónico válido.';
  if (phone && !phoneDigits(phone)) errors.phone = 'Escribe un teléfono de 10 dígitos.';
  if (Object.keys(errors).length > 0) return { errors };
  return { lookup: { email: normalizeEmail(email), ...(phone ? { phone } : {}) }, errors };
}

function receivedOf(form: FormFields, state: SignedIn, errors: FieldErrors): string | undefined {
  const received = field(form, 'received');
  if (!received) return undefined;
  const problem = receivedProblem(received, todayInMexicoCity(state.now));
  if (problem) errors.received = 'La fecha debe ser real y no posterior a hoy.';
  return received;
}

function reasonOf(form: FormFields, name: string, errors: FieldErrors, required: boolean): string | undefined {
  const text = field(form, name).replace(/\r\n?/g, '\n').trim();
  if (!text) {
    if (required) errors[name] = 'Escribe el motivo.';
    return undefined;
  }
  if (Array.from(text).length > REASON_MAX_LENGTH || /[\p{Cc}--\n]/v.test(text))
    errors[name] = `Como máximo ${REASON_MAX_LENGTH} caracteres, sin caracteres de control.`;
  return text;
}

const valuesOf = (form: FormFields, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, field(form, name)]));

/** Shows the person's finding again with a form's errors (or a notice) on it. */
async function showPerson(
  services: PrivacyHandlerServices,
  state: SignedIn,
  lookup: Lookup,
  extra: { form?: PrivacyForm; notice?: Notice },
  status: number,
): Promise<void> {
  const finding = await services.privacy.find(lookup, { actor: actorOf(services, state), now: state.now });
  await showPage(services, state, { finding, ...extra }, status);
}

export async function findPerson(
  services: PrivacyHandlerServices,
  state: SignedIn,
  _params: readonly string[],
  form: FormFields,
): Promise<void> {
  const { lookup, errors } = lookupOf(form);
  if (!lookup)
    return showPage(
      services,
      state,
      { form: { form: 'buscar', errors, values: valuesOf(form, ['email', 'phone']) } },
      422,
    );
  await showPerson(services, state, lookup, {}, 200);
}

export async function registerRequest(
  services: PrivacyHandlerServices,
  state: SignedIn,
  _params: readonly string[],
  form: FormFields,
): Promise<void> {
  const errors: FieldErrors = {};
  const email = field(form, 'email');
  const kind = field(form, 'kind');
  if (!isEmail(email)) errors.email = 'Escribe un correo electrónico válido.';
  if (!isRequestKind(kind)) errors.kind = 'Elige un tipo de la lista.';
  const received = receivedOf(form, state, errors);
  const detail = reasonOf(form, 'detail', errors, false);
  if (Object.keys(errors).length > 0 || !isRequestKind(kind)) {
    const values = valuesOf(form, ['kind', 'email', 'received', 'detail']);
    return showPage(services, state, { form: { form: 'registrar', errors, values } }, 422);
  }
  await services.privacy.register(
    { kind, email: normalizeEmail(email), detail },
    { actor: actorOf(services, state), now: state.now, receivedOn: received },
  );
  redirect(state.res, withNotice(ADMIN_PATHS.privacy, 'solicitud', '#solicitudes'));
}

/** Acceso: the request is answered and its document downloaded, as text or JSON. */
export async function exportPerson(
  services: PrivacyHandlerServices,
  state: SignedIn,
  _params: readonly string[],
  form: FormFields,
): Promise<void> {
  const { lookup, errors } = lookupOf(form);
  const received = receivedOf(form, state, errors);
  if (!lookup) return showPage(services, state, { form: { form: 'buscar', errors, values: {} } }, 422);
  if (Object.keys(errors).length > 0)
    return showPerson(
      services,
      state,
      lookup,
      { form: { form: 'acceso', errors, values: valuesOf(form, ['format', 'received']) } },
      422,
    );
  const { requestId, document } = await services.privacy.access(lookup, {
    actor: actorOf(services, state),
    now: state.now,
    receivedOn: received,
  });
  const json = field(form, 'format') === 'json';
  const body = json ? `${JSON.stringify(document, null, 2)}\n` : accessText(document);
  state.res.writeHead(200, {
    ...ADMIN_HEADERS,
    'Content-Type': json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'Content-Disposition': `attachment; filename="datos-personales-solicitud-${requestId}.${json ? 'json' : 'txt'}"`,
  });
  state.res.end(body);
}

export async function objectPerson(
  services: PrivacyHandlerServices,
  state: SignedIn,
  _params: readonly string[],
  form: FormFields,
): Promise<void> {
  const { lookup, errors } = lookupOf(form);
  if (!lookup) return showPage(services, state, { form: { form: 'buscar', errors, values: {} } }, 422);
  const kind = field(form, 'kind');
  if (kind !== 'oposicion' && kind !== 'revocacion') errors.kind = 'Elige oposición o revocación.';
  const reason = reasonOf(form, 'reason', errors, true);
  const received = receivedOf(form, state, errors);
  if (Object.keys(errors).length > 0 || reason === undefined || (kind !== 'oposicion' && kind !== 'revocacion'))
    return showPerson(
      services,
      state,
      lookup,
      { form: { form: 'oposicion', errors, values: valuesOf(form, ['kind', 'reason', 'received']) } },
      422,
    );
  await services.privacy.object(lookup, {
    actor: actorOf(services, state),
    now: state.now,
    receivedOn: received,
    kind,
    reason,
  });
  redirect(state.res, withNotice(ADMIN_PATHS.privacy, kind, '#solicitudes'));
}

export async function cancelPerson(
  services: PrivacyHandlerServices,
  state: SignedIn,
  _params: readonly string[],
  form: FormFields,
): Promise<void> {
  const { lookup, errors } = lookupOf(form);
  if (!lookup) return showPage(services, state, { form: { form: 'buscar', errors, values: {} } }, 422);
  const reason = reasonOf(form, 'reason', errors, true);
  const received = receivedOf(form, state, errors);
  if (normalizeEmail(field(form, 'confirm')) !== lookup.email)
    errors.confirm = 'Escribe el mismo correo para confirmar; no se borró nada.';
  if (Object.keys(errors).length > 0 || reason === undefined)
    return showPerson(
      services,
      state,
      lookup,
      { form: { form: 'cancelacion', errors, values: valuesOf(form, ['reason', 'received']) } },
      422,
    );
  const { requestId, result } = await services.privacy.cancel(lookup, {
    actor: actorOf(services, state),
    now: state.now,
    receivedOn: received,
    reason,
  });
  services.logger.info('admin.privacy_cancel', { account: state.auth.user.id, request: requestId });
  const sent = result.sentMessageIds;
  // Copies of e-mails that already left sit in mailboxes the server cannot reach: said here, once.
  const notice: Notice = {
    tone: result.compaction.complete ? 'success' : 'info',
    message: `${NOTICES.cancelacion} Solicitud n.º ${requestId}; archivos .eml borrados: ${result.filesDeleted}.${
      sent.length > 0
        ? ` Estos correos ya habían salido; bórralos también del buzón de ventas (búscalos por Message-ID): ${sent.join(', ')}.`
        : ''
    }${result.compaction.complete ? '' : ` ${result.compaction.detail}`}`,
  };
  await showPage(services, state, { notice });
}

export async function showAudit(services: PrivacyHandlerServices, state: SignedIn): Promise<void> {
  const raw = state.url.searchParams.get('accion') ?? '';
  const action = isAuditAction(raw) ? raw : undefined;
  const page = pageOf(state.url.searchParams.get('pagina'));
  const { entries, total } = await services.audit.list(action ? { action } : {}, page);
  render(
    state,
    200,
    auditPage(pageContext(services, state), {
      entries,
      page,
      pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
      action: action ?? '',
    }),
  );
}

/** Rectification from the lead page (any account that works leads), recorded as ARCO when the person asked. */
export async function rectifyContact(
  services: PrivacyHandlerServices,
  state: SignedIn,
  params: readonly string[],
  form: FormFields,
): Promise<void> {
  const id = Number(params[0]);
  const lead = await services.work.lead(id);
  if (!lead) throw refuse('inboxLeadNotFound');
  const values = valuesOf(form, ['name', 'email', 'company', 'phone', 'arco', 'received']);
  const parsed = rectificationSchema.safeParse({
    name: values.name,
    email: values.email,
    company: values.company,
    phone: values.phone,
  });
  const errors: FieldErrors = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? 'name');
      errors[name] ??= issue.message;
    }
  const received = receivedOf(form, state, errors);
  if (!parsed.success || Object.keys(errors).length > 0)
    return showLeadPage(services, state, lead, 422, { rectification: { errors, values } });
  try {
    const { changed, rewrite } = await services.privacy.rectify(lead.id, parsed.data, {
      actor: actorOf(services, state),
      now: state.now,
      receivedOn: received,
      version: field(form, 'version'),
      asRequest: values.arco === '1',
    });
    // As after a cancellation: a rewrite that could not finish is said at once, with its report.
    if (rewrite && !rewrite.complete) {
      const fresh = (await services.work.lead(lead.id)) ?? lead;
      const message = `${NOTICES.datos} ${rewrite.detail}`;
      await showLeadPage(services, state, fresh, 200, { notice: { tone: 'info', message } });
      return;
    }
    redirect(
      state.res,
      withNotice(leadPath(lead.id), changed.length > 0 ? 'datos' : 'sin-cambios', '#datos-personales'),
    );
  } catch (error) {
    // An outdated form is shown again with what the lead holds now, not the error page.
    if (error instanceof ApiError && error.code === 'inboxStaleContact') {
      const fresh = (await services.work.lead(lead.id)) ?? lead;
      const { status, body } = error.answer;
      return showLeadPage(services, state, fresh, status, { notice: { tone: 'error', message: body.message } });
    }
    throw error;
  }
}
