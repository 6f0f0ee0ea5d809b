/**
 * End to end: a broken content file makes `astro sync` fail with a message naming the file and the field.
 * Runs Astro's CLI in a temporary copy of just what content sync needs.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, rewrite as rewriteIn, runAstro } from './project-copy.ts';

const COPIED = [
  'package.json',
  'astro.config.mjs',
  'tsconfig.json',
  'src/content.config.ts',
  'src/schemas',
  'src/lib',
  'src/integrations',
  'src/assets',
  'core',
  'content',
  'build',
];
let project = '';

const astroSync = () => runAstro(project, 'sync', process.env);
const rewrite = (path: string, edit: (text: string) => string) => rewriteIn(project, path, edit);

beforeAll(() => {
  project = copyProject(COPIED);
});

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

// A minute each: one sync takes seconds of CPU, the copy's first one more (Vite bundles the client's
// dependencies once), and `npm test` runs these files beside the type checks and the linter.
describe('astro sync on broken content', () => {
  it('names the file and the field of a technology with level "Intermediate"', () => {
    const restore = rewrite('content/technologies.yaml', (text) =>
      text.replace('level: Advanced', 'level: Intermediate'),
    );
    const { status, output } = astroSync();
    restore();
    expect(status).not.toBe(0);
    expect(output).toContain('content/technologies.yaml');
    expect(output).toMatch(/level\**: "Intermediate" no es válido: se espera un nivel \(Expert, Advanced\)/);
  }, 60_000);

  it('names the file, line and column of a YAML syntax error', () => {
    const restore = rewrite('content/faq.yaml', (text) =>
      text.replace('  title: Inversión y pagos', '  title: Inversión: y pagos'),
    );
    const { status, output } = astroSync();
    restore();
    expect(status).not.toBe(0);
    expect(output).toContain('No se pudo leer content/faq.yaml');
    expect(output).toMatch(/in "content\/faq\.yaml" \(\d+:\d+\)/);
  }, 60_000);

  it('names the file and the field of a search description over 160 characters', () => {
    const long =
      'Cuéntanos tu proyecto y agenda una reunión con nuestro equipo: respondemos en menos de 2 horas, enviamos una propuesta detallada en 24 horas y te acompañamos hasta el lanzamiento.';
    const restore = rewrite('content/pages/contacto.yaml', (text) =>
      text.replace(/(\nseo:\n {2}title: [^\n]+\n {2}description: >-\n)(?: {4}[^\n]+\n)+/, `$1    ${long}\n`),
    );
    const { status, output } = astroSync();
    restore();
    expect(long.length).toBeGreaterThan(160);
    expect(status).not.toBe(0);
    expect(output).toContain('contacto');
    expect(output).toMatch(/seo\.description\**: Demasiado largo: se esperan entre 50 y 160 caracteres/);
  }, 60_000);

  it('names the file and the field of a form option no consultant covers', () => {
    const restore = rewrite('content/form-options.yaml', (text) =>
      text.replace('proyects:\n', 'proyects:\n  - { id: iot, proyect: Internet de las cosas }\n'),
    );
    // With its English twin, so the translations' check has nothing to say and the consultants' speaks.
    const restoreEnglish = rewrite('content/en/form-options.yaml', (text) =>
      text.replace('proyects:\n', 'proyects:\n  iot: { proyect: Internet of Things }\n'),
    );
    const { status, output } = astroSync();
    restoreEnglish();
    restore();
    expect(status).not.toBe(0);
    expect(output).toContain('content/consultants.yaml tiene errores');
    expect(output).toContain('general.projectTypes: Nadie atiende "iot"');
  }, 60_000);
});
