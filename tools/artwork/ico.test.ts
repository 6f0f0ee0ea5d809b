import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeIco, readIcoDirectory } from './ico.ts';

async function solidPng(size: number): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 4, background: '#6366f1' } })
    .png()
    .toBuffer();
}

describe('encodeIco', () => {
  it('writes a 22-byte header for one PNG and the PNG bytes right after it', async () => {
    const png = await solidPng(32);
    const ico = encodeIco([{ size: 32, png }]);
    expect(ico.length).toBe(22 + png.length);
    expect([...ico.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    expect(readIcoDirectory(ico)).toEqual([{ width: 32, height: 32, bitsPerPixel: 32, bytes: png.length, offset: 22 }]);
    expect(ico.subarray(22).equals(png)).toBe(true);
  });

  it('lays several images out one after the other and stores 256 as 0', async () => {
    const small = await solidPng(16);
    const large = await solidPng(256);
    const ico = encodeIco([
      { size: 16, png: small },
      { size: 256, png: large },
    ]);
    expect(ico[6 + 16]).toBe(0);
    const [first, second] = readIcoDirectory(ico);
    expect(first).toMatchObject({ width: 16, offset: 38, bytes: small.length });
    expect(second).toMatchObject({ width: 256, height: 256, offset: 38 + small.length, bytes: large.length });
  });

  it('rejects an empty list and sizes outside 1..256', () => {
    expect(() => encodeIco([])).toThrow();
    expect(() => encodeIco([{ size: 300, png: new Uint8Array(1) }])).toThrow(/1\.\.256/);
  });
});
