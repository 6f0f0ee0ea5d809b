// wawoff2 ships no types; only its decoder is used (WOFF2 -> TTF bytes).
declare module 'wawoff2' {
  export function decompress(woff2: Uint8Array): Promise<Uint8Array>;
  export function compress(ttf: Uint8Array): Promise<Uint8Array>;
  const wawoff2: { decompress: typeof decompress; compress: typeof compress };
  export default wawoff2;
}
