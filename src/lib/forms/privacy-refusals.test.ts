import { describe, expect, it } from 'vitest';
import { refusalHeaders } from './privacy-refusals.ts';

describe('refusal headers', () => {
  it('carry the refused purposes in X-Privacy-Refusals, and nothing when none was refused', () => {
    expect(refusalHeaders(['promociones', 'boletin'])).toEqual({ 'X-Privacy-Refusals': 'boletin,promociones' });
    expect(refusalHeaders([])).toEqual({});
  });
});
