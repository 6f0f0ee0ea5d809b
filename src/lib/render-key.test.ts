import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBuildEnv } from './build-env.ts';
import { renderKey, type RenderKeyInputs } from './render-key.ts';
import { LIGHTHOUSE_SUMMARY_PATH } from './wiki/project-stats.ts';

let root: string;
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const setup = { slug: 'setup', title: 'Instalación', group: 'inicio', order: 1 };
const colors = { slug: 'colors', title: 'Colores', group: 'diseno', order: 2 };
const pages = [setup, colors];
const now = new Date('2026-11-29T12:00:00Z');
const key = (inputs: RenderKeyInputs = {}, list: readonly object[] = pages) =>
  renderKey(list, { root, pageVariables: [], now, ...inputs });
const withEnv = (env: Record<string, string>) => key({ pageVariables: readBuildEnv(env).pageVariables });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'render-key-'));
  write('content/wiki/setup.mdx', '---\ntitle: Instalación\n---\nPrimer párrafo.\n');
  write('content/wiki/wiki.yaml', 'breadcrumb: Wiki\n');
  write('content/contact.yaml', 'email: hola@example.mx\n');
  write('src/components/Card.astro', '<div />');
  write(LIGHTHOUSE_SUMMARY_PATH, '{"pages":[]}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('renderKey', () => {
  it('stays the same when only the text of a wiki page changes (Astro tracks that page itself)', () => {
    const before = key();
    write('content/wiki/setup.mdx', '---\ntitle: Instalación\n---\nPrimer párrafo, revisado.\n');
    expect(key()).toBe(before);
    expect(key()).toBe(before);
  });

  it('changes with any page’s front matter: every page lists every title in its sidebar', () => {
    expect(key({}, [{ ...setup, title: 'Instalación local' }, colors])).not.toBe(key());
    expect(key({}, [colors, setup])).not.toBe(key());
  });

  it('changes with the rest of content/, including the wiki’s own YAML and a new file', () => {
    const before = key();
    write('content/contact.yaml', 'email: ventas@example.mx\n');
    const contact = key();
    expect(contact).not.toBe(before);
    write('content/wiki/wiki.yaml', 'breadcrumb: Manual\n');
    expect(key()).not.toBe(contact);
    const yaml = key();
    write('content/portfolio/nuevo.md', '---\ntitle: Nuevo\n---\n');
    expect(key()).not.toBe(yaml);
  });

  it('changes when a file is added under src/ (the overview counts components and routes)', () => {
    const before = key();
    write('src/islands/Nuevo.tsx', 'export {};');
    expect(key()).not.toBe(before);
  });

  it('changes with the Lighthouse summary, the public environment and the year, not other variables', () => {
    const before = key();
    expect(withEnv({ HOME: '/root', PATH: '/usr/bin' })).toBe(before);
    expect(withEnv({ PUBLIC_CONTACT_EMAIL: 'hola@example.mx' })).not.toBe(before);
    expect(withEnv({ SITE_URL: 'https://angram.mx' })).not.toBe(before);
    expect(key({ now: new Date('2027-01-02T12:00:00Z') })).not.toBe(before);
    write(LIGHTHOUSE_SUMMARY_PATH, '{"pages":[{"type":"home"}]}');
    expect(key()).not.toBe(before);
  });
});
