import { describe, expect, it } from 'vitest';
import { canonicalRedirect } from './canonical.ts';

describe('canonical redirects', () => {
  it('sends every spelling of a page to its one URL', () => {
    expect(canonicalRedirect('/contacto', '')).toBeUndefined();
    expect(canonicalRedirect('/', '')).toBeUndefined();
    expect(canonicalRedirect('/contacto/', '?a=1')).toBe('/contacto?a=1');
    expect(canonicalRedirect('/contacto.html', '')).toBe('/contacto');
    expect(canonicalRedirect('/portfolio/index.html', '')).toBe('/portfolio');
  });

  it('never answers with a Location a browser would take to another host', () => {
    // What the URL parser makes of /.//evil.example/, /%2e//evil.example/ and /.\evil.example/.
    for (const path of [
      '//evil.example/',
      '//evil.example',
      '/\\evil.example/',
      '///evil.example//',
      '//evil.example/index.html',
    ]) {
      const location = canonicalRedirect(path, '');
      expect(location, path).toBeDefined();
      expect(location, path).toMatch(/^\/(?![/\\])/);
    }
  });
});
