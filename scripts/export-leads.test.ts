import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_SLOT, startTestApi, VALID, type TestApi } from '../server/testing/api.ts';
import { TEST_ENGINES } from '../server/db/testing/engines.ts';
import { CSV_HEADER } from '../server/lead/csv.ts';
import { leadLanguageName } from '../server/lead/language.ts';

describe.each(TEST_ENGINES)('leads export (%s)', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({}, { engine });
    await t.post(
      '/api/webSite/contactProyect',
      { ...VALID.project, appointmentDate: OPEN_SLOT },
      { Referer: 'https://www.angram.mx/iniciar-proyecto' },
    );
    await t.post('/api/webSite/contactSmall', {
      ...VALID.small,
      company: 'Ferremax, S.A. de C.V.',
      message: '=1+1\nsegunda línea',
    });
    await t.post(
      '/api/webSite/contactBig',
      { ...VALID.big, email: 'megan@lonestarfreight.com', phone: '(512) 555-0142' },
      { 'Content-Language': 'en', Referer: 'https://www.angram.mx/en/contact' },
    );
    await t.stop();
  });
  afterAll(async () => {
    await t.dispose();
  });

  const run = (...args: string[]) =>
    execFileSync(process.execPath, ['scripts/export-leads.ts', ...args], {
      // The same variables the API reads: DATABASE_PATH, or DATABASE_URL for PostgreSQL.
      env: { PATH: process.env.PATH, ...t.databaseEnv },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  describe('npm run leads:export', () => {
    it('writes every lead to stdout as CSV with a UTF-8 BOM', () => {
      const csv = run();
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const lines = csv.slice(1).split('\r\n');
      expect(lines[0]).toBe(CSV_HEADER.join(','));
      expect(lines[1]).toMatch(
        /^CONT-1,23\/11\/2026 08:00,Iniciar proyecto,,Ana Sofía Gutiérrez,ana@cafeorigen\.mx,Café Origen,\(\+52\) 33 1234 5678,Tienda en línea \(e-commerce\),/,
      );
      // The inbox's work columns close the row: a new lead is nuevo, with nobody, no value and no next step.
      expect(lines[1]).toMatch(/,Nuevo,,,,,,$/);
      expect(lines[1]).toContain(',24/11/2026 10:00,/iniciar-proyecto,');
      expect(csv).toContain('"Ferremax, S.A. de C.V."');
      // The formula is neutralised and the line break stays inside its quoted cell.
      expect(csv).toContain(`"'=1+1\nsegunda línea"`);
      expect(csv).toContain(',Desconocida,');
      // The language each lead arrived in, and an English form's US number as a spreadsheet reads it.
      expect(lines[1]).toContain(`,/iniciar-proyecto,${leadLanguageName('es-MX')},`);
      expect(lines[3]).toContain(`,/en/contact,${leadLanguageName('en')},`);
      expect(lines[3]).toContain(',(+1) 512 555 0142,');
    });

    it('writes to a file with --out', () => {
      const out = join(t.dir, 'leads.csv');
      run('--out', out);
      const csv = readFileSync(out, 'utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      expect(csv.match(/^CONT-/gm)).toHaveLength(3);
    });
  });
});
