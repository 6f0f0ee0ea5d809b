import { describe, expect, it } from 'vitest';
import { MAX_PATH_SEGMENTS, notFoundCandidates, safeRelativePath } from './resolve-path.ts';

describe('paths of the static site', () => {
  it('looks for the nearest 404.html up a bounded number of folders', () => {
    expect(notFoundCandidates('portfolio/caso-inexistente')).toEqual(['portfolio/404.html', '404.html']);
    expect(notFoundCandidates('')).toEqual(['404.html']);
    // 7,000 segments used to mean 7,000 lookups.
    const deep = notFoundCandidates('a/'.repeat(7000));
    expect(deep.length).toBeLessThanOrEqual(MAX_PATH_SEGMENTS);
    expect(deep.at(-1)).toBe('404.html');
  });

  it('does not look up paths that are too long, malformed or outside the root', () => {
    expect(safeRelativePath('/contacto')).toBe('contacto');
    expect(safeRelativePath(`/${'a/'.repeat(7000)}`)).toBeNull();
    expect(safeRelativePath(`/${'x'.repeat(5000)}`)).toBeNull();
    expect(safeRelativePath('/%E0%A4%A')).toBeNull();
    // Dot segments are resolved against the root, never above it.
    expect(safeRelativePath('/../etc/passwd')).toBe('etc/passwd');
  });
});
