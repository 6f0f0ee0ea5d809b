import { afterEach, describe, expect, it, vi } from 'vitest';
import { oncePerBuild } from './once-per-build.ts';

describe('oncePerBuild', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('derives each key once in a build and keeps the answer', () => {
    vi.stubEnv('DEV', false);
    const derive = vi.fn((locale: string) => ({ locale }));
    const cases = oncePerBuild(derive);
    const first = cases('en');
    expect(cases('en')).toBe(first);
    expect(cases('fr')).toEqual({ locale: 'fr' });
    expect(derive).toHaveBeenCalledTimes(2);
  });

  it('keeps a value without a key as well', () => {
    vi.stubEnv('DEV', false);
    const derive = vi.fn(() => ({ casos: '6' }));
    const counts = oncePerBuild(derive);
    expect(counts()).toBe(counts());
    expect(derive).toHaveBeenCalledTimes(1);
  });

  it('derives again at every call on the dev server, so an edit shows', () => {
    vi.stubEnv('DEV', true);
    let edits = 0;
    const counts = oncePerBuild(() => ({ edits: (edits += 1) }));
    expect(counts()).toEqual({ edits: 1 });
    expect(counts()).toEqual({ edits: 2 });
  });
});
