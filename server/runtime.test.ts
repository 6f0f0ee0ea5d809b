import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('the Node version the project declares', () => {
  it('is 24 everywhere: engines, .nvmrc and the CI script', () => {
    // `node server/index.ts` needs type stripping on by default; 22.12 (the old floor) does not have it.
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe('>=24');
    expect(readFileSync('.nvmrc', 'utf8').trim()).toBe('24');
    expect(readFileSync('.ci/run', 'utf8')).toContain('process.exit(a>=24?0:1)');
  });
});
