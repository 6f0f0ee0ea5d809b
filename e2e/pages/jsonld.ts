import type { Page } from '@playwright/test';

/** The schema.org nodes of the page's JSON-LD graph. */
export async function jsonLdNodes(page: Page): Promise<Array<Record<string, unknown> & { '@type': string }>> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.flatMap((text) => {
    const doc = JSON.parse(text) as { '@graph'?: Array<Record<string, unknown> & { '@type': string }> };
    return doc['@graph'] ?? [];
  });
}
