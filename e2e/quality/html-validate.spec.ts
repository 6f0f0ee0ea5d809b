/** The built HTML validates with html-validate (configuration and its reasons in .htmlvalidate.mjs). */
import { test, expect } from '@playwright/test';
import { HtmlValidate, FileSystemConfigLoader } from 'html-validate';
import { builtPages } from '../support/built-site.ts';

const validator = new HtmlValidate(new FileSystemConfigLoader());

for (const { path, file } of builtPages()) {
  test(`valid HTML: ${path}`, async () => {
    const report = await validator.validateFile(file);
    const messages = report.results.flatMap((result) =>
      result.messages.map(
        (m) => `${m.ruleId} (${m.line}:${m.column}): ${m.message} «${(m.selector ?? '').slice(0, 120)}»`,
      ),
    );
    expect(messages, `errores de HTML en ${path}`).toEqual([]);
  });
}
