import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { contentEntries } from './content.ts';
import { artworkPlan } from './outputs.ts';

const root = mkdtempSync(join(tmpdir(), 'artwork-content-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('artwork from content', () => {
  it('lists the entries from the content files themselves', () => {
    for (const [folder, files] of Object.entries({
      portfolio: ['a.md', 'b.md', 'a.webp'],
      team: ['ana.yaml', 'ana.webp'],
      testimonials: [],
    })) {
      mkdirSync(join(root, 'content', folder), { recursive: true });
      for (const file of files) writeFileSync(join(root, 'content', folder, file), '');
    }
    expect(contentEntries(pathToFileURL(`${root}/`))).toEqual({
      portfolio: ['a', 'b'],
      team: ['ana'],
      testimonials: [],
    });
  });

  it('draws what has a design, leaves a new entry its own image and skips designs without content', () => {
    const plan = artworkPlan(
      { portfolio: ['fintech-revolution', 'campo-vivo'], team: ['ana'], testimonials: [] },
      { portfolio: ['fintech-revolution', 'retired-case'], team: ['ana'], testimonials: ['luis-trevino'] },
    );
    expect(plan.drawn.map((item) => item.spec.path)).toEqual([
      'content/portfolio/fintech-revolution.svg',
      'content/team/ana.webp',
    ]);
    expect(plan.undesigned).toEqual(['content/portfolio/campo-vivo']);
    expect(plan.unused).toEqual(['portfolio/retired-case', 'testimonials/luis-trevino']);
  });
});
