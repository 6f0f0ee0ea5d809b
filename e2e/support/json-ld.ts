import type { Page } from '@playwright/test';

export type JsonLdNode = Record<string, unknown> & { '@type': string };

/** Every node of the page's JSON-LD documents (the layout writes one `@graph`). */
export async function jsonLdNodes(page: Page): Promise<JsonLdNode[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.flatMap((text): JsonLdNode[] => {
    const doc = JSON.parse(text) as { '@graph'?: JsonLdNode[] } & JsonLdNode;
    return doc['@graph'] ?? [doc];
  });
}
