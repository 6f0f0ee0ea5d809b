import { describe, expect, it } from 'vitest';
import { navLabel } from './nav-label.ts';
import { ROUTES } from '../../core/routes.ts';

describe('navLabel', () => {
  it('names a page as the menus do', () => {
    expect(navLabel('/#servicios')).toBe('Servicios');
    expect(navLabel(ROUTES.cms)).toBe('CMS a Código');
    expect(navLabel(ROUTES.techConsulting)).toBe('Consultoría tecnológica');
    expect(navLabel(ROUTES.cloudNative)).toBe('Cloud Native');
  });

  it('prefers the top bar over the footer when both link to a page', () => {
    expect(navLabel(ROUTES.integrations)).toBe('Integraciones');
  });

  it('fails loudly for a path no menu links to', () => {
    expect(() => navLabel('/no-existe')).toThrow(/Ningún menú enlaza a \/no-existe/);
  });
});
