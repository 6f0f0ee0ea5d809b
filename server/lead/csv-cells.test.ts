import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv-cells.ts';

describe('CSV escaping', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('Ferremax, S.A. de C.V.')).toBe('"Ferremax, S.A. de C.V."');
    expect(csvCell('Dijo "urgente"')).toBe('"Dijo ""urgente"""');
    expect(csvCell('línea 1\nlínea 2')).toBe('"línea 1\nlínea 2"');
    expect(csvCell('Ciudad de México')).toBe('Ciudad de México');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(75)).toBe('75');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","clic")')).toBe(`"'=HYPERLINK(""http://x"",""clic"")"`);
    expect(csvCell('+525541612280')).toBe("'+525541612280");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('ends rows with CRLF', () => {
    expect(csvRow(['a', 'b,c', undefined])).toBe('a,"b,c",\r\n');
  });
});
