/**
 * The audit trail on both engines, as the inbox and the terminal write it: sign-ins and failed ones,
 * account changes, CSV exports; who, when, what, never the data itself. And the refusals of voluntary
 * purposes a form sends in X-Privacy-Refusals, stored with the lead (only ids of the notice in force).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, VALID } from '../testing/api.ts';
import { startTestAdmin, TEST_PASSWORD, type TestAdmin } from '../testing/inbox.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { TERMINAL } from './audit.ts';
import { createPrivacyService } from './service.ts';

interface Entry {
  actor_kind: string;
  actor_id: number | null;
  action: string;
  target: string | null;
  detail: string | null;
  address_hash: string | null;
  at: string;
}

describe.each(TEST_ENGINES)('the audit trail (%s)', (engine) => {
  let t: TestAdmin;
  const entries = () => t.api.rows<Entry>('SELECT * FROM audit_log ORDER BY id');
  const accountId = async (email: string) =>
    Number((await t.api.rows<{ id: number }>('SELECT id FROM inbox_users WHERE email = $1', email))[0]?.id);

  beforeAll(async () => {
    t = await startTestAdmin(engine);
  });

  afterAll(async () => {
    await t.dispose();
  });

  it('records sign-ins, failed ones, account changes and exports, without the data', async () => {
    await t.createUser('dir@angram.mx', 'admin', 'Dirección');
    const director = await accountId('dir@angram.mx');
    await t.api.post('/api/webSite/contactSmall', VALID.small);

    const admin = t.client();
    expect((await admin.signIn('dir@angram.mx', 'no es la clave')).status).toBe(401);
    expect((await admin.signIn('nadie@angram.mx', 'no es la clave')).status).toBe(401);
    expect((await admin.signIn('dir@angram.mx')).status).toBe(303);
    expect((await admin.get('/admin/contacts/export.csv')).status).toBe(200);
    const filtered = `/admin/contacts/export.csv?status=nuevo&q=${encodeURIComponent(VALID.small.email)}`;
    expect((await admin.get(filtered)).status).toBe(200);
    await admin.get('/admin/users');
    const created = await admin.post('/admin/users', {
      email: 'ventas@angram.mx',
      name: 'Mariana Ventas',
      role: 'sales',
      password: TEST_PASSWORD,
    });
    expect(created.status).toBe(303);
    const sales = await accountId('ventas@angram.mx');

    const trail = await entries();
    expect(trail.map((entry) => [entry.action, entry.actor_kind, entry.actor_id, entry.target])).toEqual([
      ['account_created', 'terminal', null, `account:${director}`],
      ['login_failed', 'unknown', null, `account:${director}`],
      ['login_failed', 'unknown', null, null],
      ['login', 'account', director, `account:${director}`],
      ['csv_export', 'account', director, null],
      ['csv_export', 'account', director, null],
      ['account_created', 'account', director, `account:${sales}`],
    ]);
    // The filter of an export: each choice, and only that there was a search (it may be an address).
    expect(JSON.parse(trail[5]?.detail ?? '{}')).toEqual({ leads: 1, filtro_status: 'nuevo', filtro_text: true });
    // At the terminal, the operating-system user says who ran the command.
    const terminal = JSON.parse(trail[0]?.detail ?? '{}') as { usuarioSO?: unknown };
    expect(typeof terminal.usuarioSO === 'string' && terminal.usuarioSO.length > 0).toBe(true);
    expect(trail.every((entry) => entry.at === TEST_NOW.toISOString())).toBe(true);
    expect(JSON.parse(trail[4]?.detail ?? '{}')).toEqual({ leads: 1 });
    // Where the inbox was used from is a keyed hash, the same for the same address.
    const addresses = new Set(trail.slice(1).map((entry) => entry.address_hash));
    expect(addresses.size).toBe(1);
    expect([...addresses][0]).toMatch(/^[\w-]{16,}$/);
    const text = JSON.stringify(trail);
    for (const secret of ['nadie@angram.mx', 'no es la clave', TEST_PASSWORD, VALID.small.email, VALID.small.name])
      expect(text).not.toContain(secret);
  });

  it('records whom a privacy lookup was for: the lead found and the address masked', async () => {
    const sent = await t.api.post('/api/webSite/contactSmall', { ...VALID.small, email: 'rebeca@mueblesrio.mx' });
    const leadId = Number(sent.body.id);
    const privacy = createPrivacyService({
      storage: t.api.storage,
      outboxDir: t.api.config.outboxDir,
      facts: t.api.config.facts,
    });
    await privacy.find({ email: 'rebeca@mueblesrio.mx' }, { actor: TERMINAL, now: TEST_NOW });
    const [entry] = await t.api.rows<Entry>("SELECT * FROM audit_log WHERE action = 'arco_find'");
    expect(entry?.target).toBe(`lead:${leadId}`);
    const detail = JSON.parse(entry?.detail ?? '{}') as Record<string, unknown>;
    expect(detail).toMatchObject({ leads: 1, usuarioSO: expect.any(String) });
    expect(String(detail.correo)).toMatch(/^r\*+@m\*+\.mx$/);
    expect(JSON.stringify(entry)).not.toContain('rebeca@mueblesrio.mx');
  });
});

describe.each(TEST_ENGINES)('refusals of voluntary purposes (%s)', (engine) => {
  let t: TestAdmin;
  let purposes: TestAdmin['api']['config']['facts']['privacy']['purposes'] | undefined;

  beforeAll(async () => {
    t = await startTestAdmin(engine);
    // Content has no voluntary purpose today; an editor adding one is what this checks. The API holds a
    // copy of its configuration slice but the same content facts, so the notice is changed in place.
    const { privacy } = t.api.config.facts;
    purposes = privacy.purposes;
    privacy.purposes = {
      ...purposes,
      voluntary: [
        {
          id: 'boletin',
          short: 'enviarte nuestro boletín',
          description: 'Enviarte una vez al mes nuestro boletín de casos y novedades.',
          refusal: 'No quiero recibir el boletín',
        },
      ],
    };
  });

  afterAll(async () => {
    if (purposes) t.api.config.facts.privacy.purposes = purposes;
    await t.dispose();
  });

  it('allows the header in the preflight and stores only the purposes of the notice in force', async () => {
    const preflight = await fetch(`${t.api.url}/api/webSite/contactSmall`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://www.angram.mx',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, x-privacy-refusals',
      },
    });
    expect(preflight.headers.get('access-control-allow-headers')).toContain('X-Privacy-Refusals');

    const refused = await t.api.post('/api/webSite/contactSmall', VALID.small, {
      'X-Privacy-Refusals': 'boletin, inventado,<script>',
    });
    expect(refused.status).toBe(201);
    const plain = await t.api.post('/api/webSite/contactSmall', { ...VALID.small, email: 'otra@ferremax.mx' });
    expect(plain.status).toBe(201);
    const rows = await t.api.rows<{ lead_id: number; purpose: string }>(
      'SELECT lead_id, purpose FROM privacy_refusals ORDER BY lead_id',
    );
    expect(rows).toEqual([{ lead_id: Number(refused.body.id), purpose: 'boletin' }]);
  });
});
