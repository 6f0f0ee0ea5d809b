import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import type { StoredLead } from '../../lead/store.ts';
import { defaultLeadSettings } from '../../lead/settings.ts';
import { prepareLead } from '../../lead/view.ts';
import { toHtmlString, type Html } from '../html.ts';
import { NEW_LEAD_STATE, type AdminUser, type InboxRow } from '../model.ts';
import { buildDashboard } from '../stats.ts';
import { accountPage } from './account.ts';
import { dashboardPage } from './dashboard.ts';
import { errorPage } from './errors.ts';
import { inboxPage } from './inbox.ts';
import type { PageContext } from './layout.ts';
import { leadPage } from './lead.ts';
import { loginPage } from './login.ts';
import { groupByDay, meetingsPage } from './meetings.ts';
import { newRecoveryCodes, newTotpSecret, otpauthUri, qrCodeSvg } from '../totp.ts';
import { codePage, twoStepSection, userTwoStepSection } from './two-step.ts';
import { userPage, usersPage } from './users.ts';

const HOSTILE = '<img src=x onerror="alert(1)">';
const sales: AdminUser = {
  id: 2,
  email: 'ana@angram.mx',
  name: 'Ana López',
  role: 'sales',
  active: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  lastLoginAt: null,
};
const admin: AdminUser = { ...sales, id: 1, email: 'dir@angram.mx', name: 'Dirección', role: 'admin' };
const context = (user: AdminUser): PageContext => ({ user, csrf: 'token-csrf', stylesheetVersion: 'abc' });

const lead: StoredLead = {
  id: 7,
  kind: 'project',
  serviceType: undefined,
  name: HOSTILE,
  email: 'ana@cafeorigen.mx',
  company: 'Café "Origen" & Co.',
  phone: '+523312345678',
  appointment: '2026-11-25T10:00',
  fields: {
    name: HOSTILE,
    email: 'ana@cafeorigen.mx',
    company: 'Café "Origen" & Co.',
    phone: '+523312345678',
    projectType: 'ecommerce',
    budget: '100k-300k',
    timeline: '1-3-months',
    description: `Línea 1\n${HOSTILE}`,
    urgency: 'high',
    currentSituation: 'Vendemos por Instagram.',
    appointmentDate: '2026-11-25T10:00',
  },
  originPage: '/iniciar-proyecto',
  receivedAt: '2026-11-23T16:00:00.000Z',
  clientHash: 'x',
};

const validator = new HtmlValidate(new FileSystemConfigLoader());
const documents: string[] = [];

function checkPage(page: Html): string {
  const out = toHtmlString(page);
  documents.push(`<!DOCTYPE html>\n${out}`);
  expect(out).not.toContain(HOSTILE);
  const root = parse(out);
  expect(root.querySelectorAll('script')).toHaveLength(0);
  const inline = root
    .querySelectorAll('*')
    .flatMap((element) => Object.keys(element.attributes).filter((name) => name === 'style' || /^on/i.test(name)));
  expect(inline, 'atributos style u on* en el HTML').toEqual([]);
  expect(out).toContain('<html lang="es-MX">');
  expect(out).toContain('<meta name="robots" content="noindex, nofollow">');
  return out;
}

describe('inbox views', () => {
  it('sign-in: a guests-only form with its CSRF token and the way back', () => {
    const out = checkPage(loginPage({ csrf: 'c1', next: '/admin/contacts/7', email: HOSTILE, stylesheetVersion: 'v' }));
    expect(out).toContain('name="csrf" value="c1"');
    expect(out).toContain('name="next" value="/admin/contacts/7"');
    expect(out).toContain('autocomplete="current-password"');
    expect(out).not.toContain('Cerrar sesión');
  });

  it('inbox: rows with reference, Mexico City date, kind, meeting, score, status and assignee; escaped', () => {
    const row: InboxRow = {
      ...lead,
      company: lead.company ?? null,
      appointment: lead.appointment ?? null,
      status: 'propuesta',
      assigneeName: HOSTILE,
      assigneeId: 1,
      version: 3,
      phone: lead.phone ?? null,
      valueMxn: 150_000,
      nextStepDate: '2026-11-22',
      nextStep: `Llamar ${HOSTILE}`,
    };
    const out = checkPage(
      inboxPage(context(sales), {
        rows: [row],
        scores: new Map([[7, 95]]),
        total: 41,
        page: 2,
        filter: { text: HOSTILE },
        sort: 'recientes',
        problems: [HOSTILE],
        users: [sales],
        today: '2026-11-23',
        counts: { today: 1, overdue: 2 },
        phoneLinks: new Map([[7, { tel: 'tel:+523312345678', whatsapp: 'https://wa.me/523312345678?text=Hola' }]]),
      }),
    );
    expect(out).toContain('href="/admin/contacts/7">CONT-7</a>');
    expect(out).toContain('23/11/2026 10:00'); // 16:00 UTC is 10:00 in Mexico City
    expect(out).toContain('Iniciar proyecto');
    expect(out).toContain('25/11/2026 10:00');
    expect(out).toContain('>95<');
    expect(out).toContain('status-propuesta');
    expect(out).toContain('Leads 21-40 de 41 con los filtros elegidos');
    expect(out).toContain('href="/admin/contacts?q=%3Cimg');
    expect(out).toContain('Página 2 de 3');
    expect(out).toContain('data-label="Referencia"');
    expect(out).toContain('aria-current="page">Bandeja');
    // The deal, the overdue next step, one-tap contact and «Asignarme» (the lead is someone else's).
    expect(out).toContain('$150,000 MXN');
    expect(out).toContain('22/11/2026 · <bdi>Llamar &lt;img');
    expect(out).toContain('due-overdue');
    expect(out).toContain('href="tel:+523312345678"');
    expect(out).toContain('name="assignee" value="2"');
    expect(out).toContain('<span class="visually-hidden">Página </span>3</a>');
    // Sales sees no user management.
    expect(out).not.toContain('/admin/users');
  });

  it('inbox: says when there is nothing', () => {
    const empty = (filter = {}) =>
      toHtmlString(
        inboxPage(context(admin), {
          rows: [],
          scores: new Map(),
          total: 0,
          page: 1,
          filter,
          sort: 'recientes',
          problems: [],
          users: [],
          today: '2026-11-23',
          counts: { today: 0, overdue: 0 },
          phoneLinks: new Map(),
        }),
      );
    expect(empty()).toContain('Todavía no llega ningún lead.');
    expect(empty({ status: 'ganado' })).toContain('Ningún lead coincide con los filtros.');
    expect(empty()).toContain('/admin/users');
  });

  it('lead: every field, meeting with calendar link, analysis, e-mails, history; text stays text', () => {
    const settings = defaultLeadSettings();
    const prepared = prepareLead(lead, settings);
    const out = checkPage(
      leadPage(context(sales), {
        lead,
        prepared,
        state: { ...NEW_LEAD_STATE, status: 'perdido', lostReason: 'otro', lostDetail: HOSTILE, version: 3 },
        assignee: { ...sales, active: false },
        defaultAssignee: settings.assignee,
        users: [admin],
        events: [
          {
            id: 1,
            leadId: 7,
            kind: 'note',
            at: '2026-11-23T17:00:00.000Z',
            userName: HOSTILE,
            fromValue: null,
            toValue: null,
            body: `${HOSTILE}\nsegunda línea`,
          },
          {
            id: 2,
            leadId: 7,
            kind: 'status',
            at: '2026-11-23T18:00:00.000Z',
            userName: 'Ana López',
            fromValue: 'propuesta',
            toValue: 'perdido',
            body: 'Otro motivo',
          },
          {
            id: 3,
            leadId: 7,
            kind: 'assignee',
            at: '2026-11-23T18:05:00.000Z',
            userName: null,
            fromValue: 'Ana López',
            toValue: '',
            body: null,
          },
        ],
        emails: [
          {
            audience: 'client',
            recipient: 'ana@cafeorigen.mx',
            subject: 'Confirmación de Proyecto - Angram',
            status: 'sent',
            attempts: 1,
            nextAttemptAt: null,
            lastError: null,
            sentAt: '2026-11-23T16:00:05.000Z',
          },
          {
            audience: 'internal',
            recipient: 'ventas@angram.mx',
            subject: 'Nuevo Proyecto Registrado - Angram',
            status: 'failed',
            attempts: 8,
            nextAttemptAt: null,
            lastError: HOSTILE,
            sentAt: null,
          },
        ],
        failed: { form: 'note', errors: { note: 'Escribe la nota.' }, values: { note: HOSTILE } },
      }),
    );
    expect(out).toContain('<h1>CONT-7 · <bdi>&lt;img');
    expect(out).toContain('Café &quot;Origen&quot; &amp; Co.');
    expect(out).toContain('Tienda en línea (e-commerce)'); // option label, not its id
    expect(out).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
    expect(out).toContain('miércoles, 25 de noviembre de 2026');
    expect(out).toContain('Prioridad');
    expect(out).toContain('Consultor recomendado');
    expect(out).toContain('/iniciar-proyecto');
    expect(out).toContain('Enviado');
    expect(out).toContain('No se envió');
    expect(out).toContain('Una cuenta eliminada');
    expect(out).toContain('(cuenta desactivada)');
    expect(out).toContain('aria-invalid="true"');
    expect(out).toContain('Escribe la nota.');
    // Only the moves allowed from perdido are offered.
    expect(out).toContain('<option value="contactado">');
    expect(out).not.toContain('<option value="ganado">');
    expect(out).toContain('name="version" value="3"');
  });

  it('meetings: grouped by day in time order', () => {
    const meetings = [
      {
        leadId: 2,
        slot: '2026-11-26T09:00',
        kind: 'small' as const,
        name: 'B',
        company: null,
        fields: {},
        status: 'nuevo' as const,
        assigneeName: null,
      },
      {
        leadId: 1,
        slot: '2026-11-25T16:00',
        kind: 'big' as const,
        name: HOSTILE,
        company: 'X',
        fields: {},
        status: 'contactado' as const,
        assigneeName: 'Ana',
      },
      {
        leadId: 3,
        slot: '2026-11-25T10:00',
        kind: 'project' as const,
        name: 'C',
        company: null,
        fields: {},
        status: 'nuevo' as const,
        assigneeName: null,
      },
    ];
    expect(groupByDay(meetings).map(([day, list]) => [day, list.map((m) => m.leadId)])).toEqual([
      ['2026-11-25', [3, 1]],
      ['2026-11-26', [2]],
    ]);
    const out = checkPage(meetingsPage(context(sales), { meetings, consultants: new Map([[1, 'Mariana Cruz']]) }));
    expect(out).toContain('Miércoles, 25 de noviembre de 2026');
    expect(out.indexOf('CONT-3')).toBeLessThan(out.indexOf('CONT-1'));
    expect(checkPage(meetingsPage(context(sales), { meetings: [], consultants: new Map() }))).toContain(
      'No hay reuniones agendadas',
    );
  });

  it('dashboard: charts with text equivalents', () => {
    const dashboard = buildDashboard(
      [
        {
          receivedAt: '2026-11-23T16:00:00.000Z',
          kind: 'small' as const,
          status: 'ganado',
          firstContactAt: '2026-11-23T17:00:00.000Z',
          proposalAt: null,
        },
      ],
      ['2026-11-16', '2026-11-23'],
    );
    const out = checkPage(dashboardPage(context(admin), { dashboard, weeks: 12 }));
    expect(out.match(/class="chart chart-/g)).toHaveLength(3);
    expect(out).toContain('<caption>Leads por semana y formulario</caption>');
    expect(out).toContain('1 h');
    expect(out).toContain('Ganados');
  });

  it('users and account pages', () => {
    const list = checkPage(
      usersPage(context(admin), {
        users: [admin, { ...sales, name: HOSTILE, active: false }],
        create: { errors: { email: 'Ya existe' }, values: { email: HOSTILE } },
      }),
    );
    expect(list).toContain('Desactivada');
    expect(list).toContain('Ya existe');
    const self = checkPage(userPage(context(admin), { user: admin, sessions: 2 }));
    expect(self).toContain('No puedes desactivar tu propia cuenta.');
    expect(checkPage(userPage(context(admin), { user: { ...sales, active: false }, sessions: 0 }))).toContain(
      'Reactivar la cuenta',
    );
    expect(checkPage(accountPage(context(sales), { sessions: 1 }))).toContain(
      'Cerrar sesión en todos los dispositivos',
    );
    expect(
      checkPage(
        userPage(context(admin), { user: { ...sales, name: 'Maximiliano Alejandro de la Concepción' }, sessions: 0 }),
      ),
    ).toContain('<title>Usuario Maximiliano Alejandro d… · Ventas · Angram</title>');
  });

  it('error pages, signed in or out', () => {
    expect(checkPage(errorPage(403, { stylesheetVersion: 'v', context: context(sales) }))).toContain('Sin permiso');
    expect(checkPage(errorPage(404, { stylesheetVersion: 'v' }))).toContain('Página no encontrada');
  });

  it('sign-in link offer, the code page and the two-step sections', async () => {
    const throttled = checkPage(
      loginPage({ csrf: 'c1', next: undefined, email: HOSTILE, stylesheetVersion: 'v', offerLink: true }),
    );
    expect(throttled).toContain('action="/admin/login/link"');
    expect(throttled).not.toContain('<script>');
    expect(checkPage(loginPage({ csrf: 'c1', next: undefined, stylesheetVersion: 'v' }))).not.toContain('link-offer');
    expect(checkPage(codePage({ csrf: 'c2', next: '/admin/contacts/7', stylesheetVersion: 'v' }))).toContain(
      'autocomplete="one-time-code"',
    );
    const qrSvg = await qrCodeSvg(otpauthUri(newTotpSecret(), 'ana@angram.mx'));
    const states = [
      twoStepSection('t', { kind: 'off' }),
      twoStepSection('t', { kind: 'pending', qrSvg, secret: 'ABCD EFGH', errors: { code: 'El código no coincide.' } }),
      twoStepSection('t', { kind: 'on', recoveryCodesLeft: 10, newCodes: newRecoveryCodes() }),
      twoStepSection('t', { kind: 'on', recoveryCodesLeft: 1, errors: { password: 'No.' } }),
    ];
    for (const twoStep of states) checkPage(accountPage(context(sales), { sessions: 1, twoStep }));
    for (const enabled of [true, false])
      checkPage(userPage(context(admin), { user: sales, sessions: 0, twoStep: userTwoStepSection('t', 2, enabled) }));
  });

  // Last: every page rendered above, as the server sends it, is valid HTML by the site's own rules.
  it('renders valid HTML', async () => {
    expect(documents.length).toBeGreaterThan(10);
    for (const document of documents) {
      const report = await validator.validateString(document, 'inbox.html');
      const messages = report.results.flatMap((result) =>
        result.messages.map((m) => `${m.ruleId}: ${m.message} «${(m.selector ?? '').slice(0, 100)}»`),
      );
      expect(messages, /<title>(.*?)<\/title>/.exec(document)?.[1]).toEqual([]);
    }
  });
});
