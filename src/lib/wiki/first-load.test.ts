import { describe, expect, it } from 'vitest';
import { firstLoadTable } from './first-load.ts';

const page = {
  type: 'wiki',
  label: 'Wiki',
  path: '/wikiangram/overview',
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  tbtMs: 12.4,
  bytes: 45 * 1024,
  jsBytes: 1536,
  peer: { name: 'Starlight, documentación', kib: 67.2 },
};

describe('firstLoadTable', () => {
  it("gives each page its bytes in KiB beside its goal and its peer's page", () => {
    expect(
      firstLoadTable({
        measuredAt: '2026-11-26T10:00:00.000Z',
        pages: [page, { ...page, type: 'home', label: 'Inicio', path: '/', peer: null }],
      }),
    ).toEqual({
      measuredAt: '2026-11-26T10:00:00.000Z',
      rows: [
        {
          label: 'Wiki',
          path: '/wikiangram/overview',
          kib: 45,
          goalKib: 50,
          jsKib: 1.5,
          peer: { name: 'Starlight, documentación', kib: 67.2 },
          performance: 100,
          tbtMs: 12.4,
        },
        expect.objectContaining({ label: 'Inicio', goalKib: 60, peer: null }),
      ],
    });
  });

  it('gives no table for a missing summary or one written before the byte and peer fields', () => {
    expect(firstLoadTable(undefined)).toBeNull();
    const { peer: _peer, ...older } = page;
    expect(firstLoadTable({ measuredAt: 'x', pages: [older] })).toBeNull();
    expect(firstLoadTable({ measuredAt: 'x', pages: [] })).toBeNull();
  });
});
