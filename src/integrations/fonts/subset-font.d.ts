// subset-font ships no types (and the community ones lag behind); only the options used here are declared.
declare module 'subset-font' {
  interface SubsetFontOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    /** OpenType feature tags to keep; every other layout feature is dropped. */
    keepFeatures?: string[];
    /** Pins an axis (number) or narrows its range. */
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    noLayoutClosure?: boolean;
  }
  function subsetFont(font: Buffer, text: string, options?: SubsetFontOptions): Promise<Buffer>;
  export default subsetFont;
}
