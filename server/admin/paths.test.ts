import { describe, expect, it } from 'vitest';
import { isAdminPath, loginPathFor, safeNextPath } from './paths.ts';

describe('inbox paths', () => {
  it('knows which paths are the inbox', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/contacts/4')).toBe(true);
    expect(isAdminPath('/administrador')).toBe(false);
    expect(isAdminPath('/')).toBe(false);
  });

  it('only returns to inbox paths of this site after signing in', () => {
    expect(safeNextPath('/admin/contacts/12')).toBe('/admin/contacts/12');
    expect(safeNextPath('/admin/contacts?page=2&q=a%20b')).toBe('/admin/contacts?page=2&q=a%20b');
    for (const bad of [
      undefined,
      42,
      '',
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example/admin',
      '/admin\\..\\x',
      'javascript:alert(1)',
      '/admin/../contacto',
      '/admin/%2e%2e/contacto',
      '/contacto',
      '/admin/login',
      '/admin/logout',
      '/admin/logout-everywhere',
      '/admin\r\nSet-Cookie: x=1',
      `/admin/${'a'.repeat(2000)}`,
    ]) {
      expect(safeNextPath(bad), String(bad)).toBeUndefined();
    }
  });

  it('builds the sign-in link that remembers the way back', () => {
    expect(loginPathFor('/admin/contacts/3?x=1')).toBe('/admin/login?next=%2Fadmin%2Fcontacts%2F3%3Fx%3D1');
    expect(loginPathFor('/admin')).toBe('/admin/login');
    expect(loginPathFor('https://evil.example')).toBe('/admin/login');
    expect(loginPathFor('/admin/dashboard', 'expired')).toBe('/admin/login?next=%2Fadmin%2Fdashboard&reason=expired');
    expect(loginPathFor(undefined, 'signed-out')).toBe('/admin/login?reason=signed-out');
  });
});
