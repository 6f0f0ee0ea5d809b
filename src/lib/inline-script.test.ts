import { describe, expect, it } from 'vitest';
import { inlineScript } from './inline-script.ts';

describe('inlineScript', () => {
  it('hashes the exact source the way browsers check a CSP hash', () => {
    // Reference value: printf %s "document.documentElement.classList.add('js');" | openssl dgst -sha256 -binary | base64
    expect(inlineScript("document.documentElement.classList.add('js');").hash).toBe(
      'sha256-/x7W7R75k8Roq0WaVRQX9blP4OufE5xbAdzklGxsgpw=',
    );
    expect(inlineScript('a();').hash).not.toBe(inlineScript('a(); ').hash);
  });
});
