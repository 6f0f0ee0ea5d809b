import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const SHARED = Symbol.for('angram.contentFactsOfBuild');

describe('content facts within one build', () => {
  let copy = '';
  afterEach(() => {
    Reflect.deleteProperty(globalThis, SHARED);
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  /** A checkout's content/ in a folder of its own, so no other test's cache holds its root. */
  function contentCopy(): string {
    copy = mkdtempSync(join(tmpdir(), 'angram-facts-'));
    cpSync(new URL('../../content/', import.meta.url), join(copy, 'content'), { recursive: true });
    return copy;
  }

  it('gives every copy of the module the facts the build read first, not a read of its own', async () => {
    const root = contentCopy();
    const config = await import('./load.ts');
    const facts = config.shareContentFactsWithinBuild(root);
    vi.resetModules();
    const pages = await import('./load.ts');
    expect(pages).not.toBe(config);
    // The rendered pages' bundle asks with the root's trailing slash.
    expect(pages.loadContentFacts(`${root}/`)).toBe(facts);
  });

  it('reads afresh in a copy of the module when no build shared them (the dev server, the API)', async () => {
    const root = contentCopy();
    const first = (await import('./load.ts')).loadContentFacts(root);
    vi.resetModules();
    const again = (await import('./load.ts')).loadContentFacts(root);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
