import { execFileSync, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateLeads } from '../../db/migrations.ts';
import type { Storage } from '../../db/storage.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../db/testing/engines.ts';
import { migrateInbox } from '../store/migrations.ts';
import { migratePrivacy } from '../../privacy/migrations.ts';
import { createSessionStore } from '../store/sessions.ts';
import { createUserStore } from '../store/users.ts';
import { verifyPassword } from '../passwords.ts';
import { runUserCommand, type CliIo } from './run.ts';
import { openTestStorage } from '../../testing/storage.ts';

function io(overrides: Partial<CliIo> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const asked: string[] = [];
  const answers = ['Tres tristes tigres 2026', 'Tres tristes tigres 2026'];
  const value: CliIo = {
    password: undefined,
    ask: (question) => {
      asked.push(question);
      return Promise.resolve(answers.shift() ?? '');
    },
    interactive: true,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    now: () => new Date('2026-11-23T14:00:00.000Z'),
    ...overrides,
  };
  return { io: value, out, err, asked };
}

describe.each(TEST_ENGINES)('admin:user (%s)', (engine) => {
  let close: () => Promise<void>;
  let storage: Storage;
  beforeAll(async () => {
    ({ storage, close } = await openTestStorage(engine, { migrate: false }));
    await migrateLeads(storage);
    await migrateInbox(storage);
    // Account changes enter the audit trail, a table of the privacy module.
    await migratePrivacy(storage);
  });
  afterAll(() => close());

  it('creates an account with the password asked twice without echo, and lists it', async () => {
    const run = io();
    expect(
      await runUserCommand(
        { action: 'create', email: 'ana@angram.mx', role: 'sales', name: 'Ana López' },
        storage,
        run.io,
      ),
    ).toBe(0);
    expect(run.asked).toEqual(['Contraseña nueva (no se muestra): ', 'Repítela: ']);
    expect(run.out).toEqual(['Cuenta creada: ana@angram.mx (Ventas). Entra en /admin/login.']);
    const user = await createUserStore(storage).byEmail('ana@angram.mx');
    expect(user).toMatchObject({ name: 'Ana López', role: 'sales', active: true });
    expect(await verifyPassword('Tres tristes tigres 2026', user?.passwordHash)).toBe(true);
    const list = io();
    expect(await runUserCommand({ action: 'list' }, storage, list.io)).toBe(0);
    expect(list.out).toEqual(['ana@angram.mx\tAna López\tVentas\tactiva\tsin accesos']);
  });

  it('takes ADMIN_PASSWORD without asking, and refuses duplicates and weak or mismatched passwords', async () => {
    const given = io({ password: 'Contraseña de entorno 1' });
    expect(
      await runUserCommand(
        { action: 'create', email: 'dir@angram.mx', role: 'admin', name: undefined },
        storage,
        given.io,
      ),
    ).toBe(0);
    expect(given.asked).toEqual([]);
    expect((await createUserStore(storage).byEmail('dir@angram.mx'))?.name).toBe('dir@angram.mx');
    const twice = io({ password: 'Contraseña de entorno 1' });
    expect(
      await runUserCommand(
        { action: 'create', email: 'dir@angram.mx', role: 'admin', name: undefined },
        storage,
        twice.io,
      ),
    ).toBe(1);
    expect(twice.err[0]).toContain('Ya existe una cuenta');
    const weak = io({ password: 'corta' });
    expect(
      await runUserCommand(
        { action: 'create', email: 'x@angram.mx', role: 'sales', name: undefined },
        storage,
        weak.io,
      ),
    ).toBe(1);
    expect(weak.err[0]).toBe('La contraseña debe tener al menos 12 caracteres. No se cambió nada.');
    const mismatch = io({
      ask: (question) =>
        Promise.resolve(question.startsWith('Rep') ? 'otra cosa distinta' : 'Una clave bastante larga'),
    });
    expect(
      await runUserCommand(
        { action: 'create', email: 'y@angram.mx', role: 'sales', name: undefined },
        storage,
        mismatch.io,
      ),
    ).toBe(1);
    expect(mismatch.err[0]).toContain('no coinciden');
    expect(await createUserStore(storage).byEmail('y@angram.mx')).toBeUndefined();
  });

  it('resets and disables, ending the account’s sessions; enables again', async () => {
    const users = createUserStore(storage);
    const sessions = createSessionStore(storage, { idleMs: 3_600_000, maxMs: 86_400_000 });
    const ana = await users.byEmail('ana@angram.mx');
    const now = new Date('2026-11-23T14:00:00.000Z');
    await sessions.create('a'.repeat(64), ana?.id ?? 0, now);
    await sessions.create('b'.repeat(64), ana?.id ?? 0, now);
    const reset = io({ password: 'Nueva clave para Ana 7' });
    expect(await runUserCommand({ action: 'reset', email: 'ana@angram.mx' }, storage, reset.io)).toBe(0);
    expect(reset.out).toEqual(['Contraseña cambiada para ana@angram.mx; se cerraron 2 sesiones.']);
    expect(await verifyPassword('Nueva clave para Ana 7', (await users.byEmail('ana@angram.mx'))?.passwordHash)).toBe(
      true,
    );
    await sessions.create('c'.repeat(64), ana?.id ?? 0, now);
    expect(await runUserCommand({ action: 'disable', email: 'ana@angram.mx' }, storage, io().io)).toBe(0);
    expect((await users.byEmail('ana@angram.mx'))?.active).toBe(false);
    expect(await sessions.resume('c'.repeat(64), now)).toBeUndefined();
    expect(await runUserCommand({ action: 'enable', email: 'ana@angram.mx' }, storage, io().io)).toBe(0);
    expect((await users.byEmail('ana@angram.mx'))?.active).toBe(true);
    const missing = io();
    expect(await runUserCommand({ action: 'reset', email: 'nadie@angram.mx' }, storage, missing.io)).toBe(1);
    expect(missing.err[0]).toContain('No existe una cuenta con el correo nadie@angram.mx');
  });
});

describe('npm run admin:user, the script', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await database.drop();
  });
  const env = () => ({ PATH: process.env.PATH, LOG_LEVEL: 'silent', ...database.env });

  it('creates an account on a fresh database from ADMIN_PASSWORD, or from a piped line', () => {
    const created = execFileSync(
      process.execPath,
      ['scripts/admin-user.ts', '--email', 'Ana@Angram.mx', '--role', 'admin', '--name', 'Ana López'],
      {
        env: { ...env(), ADMIN_PASSWORD: 'Una clave bastante larga' },
        encoding: 'utf8',
      },
    );
    expect(created).toBe('Cuenta creada: ana@angram.mx (Administración). Entra en /admin/login.\n');
    const piped = spawnSync(
      process.execPath,
      ['scripts/admin-user.ts', '--email', 'beto@angram.mx', '--role', 'sales'],
      {
        env: env(),
        input: 'Otra clave bastante larga\n',
        encoding: 'utf8',
      },
    );
    expect(piped.status).toBe(0);
    expect(piped.stderr).toContain('Contraseña nueva (no se muestra):');
    expect(piped.stderr).not.toContain('Otra clave');
    const list = execFileSync(process.execPath, ['scripts/admin-user.ts', '--list'], {
      env: env(),
      encoding: 'utf8',
    });
    expect(
      list
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\t').slice(0, 4)),
    ).toEqual([
      ['ana@angram.mx', 'Ana López', 'Administración', 'activa'],
      ['beto@angram.mx', 'beto@angram.mx', 'Ventas', 'activa'],
    ]);
  });

  it('explains a usage error and exits 2', () => {
    const result = spawnSync(
      process.execPath,
      ['scripts/admin-user.ts', '--email', 'ana@angram.mx', '--role', 'jefe'],
      { env: env(), encoding: 'utf8' },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('El rol «jefe» no existe: usa admin o sales.');
  });
});
