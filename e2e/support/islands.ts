import type { Page } from '@playwright/test';

/**
 * Holds back an island's component script (`/_astro/<Component>.<hash>.js`) so a test can use the
 * server-rendered page as a visitor does before hydration. Returns the function that lets it load.
 * Call before `page.goto`.
 */
export async function holdIsland(page: Page, component: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/_astro/${component}\\.[^/]+\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** True while the island rendering `component` has not hydrated yet (Astro removes `ssr` when it has). */
export async function isHydrated(page: Page, component: string): Promise<boolean> {
  return page.evaluate(
    (name) =>
      [...document.querySelectorAll('astro-island')].some(
        (island) => island.getAttribute('component-url')?.includes(`/${name}.`) && !island.hasAttribute('ssr'),
      ),
    component,
  );
}

/**
 * The `expanded` state Chromium's accessibility tree gives the element `selector` matches (a popover's
 * toggle, a <summary>), which comes from the browser, not from an aria-expanded attribute.
 */
export async function accessibleExpanded(page: Page, selector: string): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const expanded = nodes[0]?.properties?.find((property) => property.name === 'expanded');
    return expanded === undefined ? undefined : expanded.value.value === true;
  } finally {
    await cdp.detach();
  }
}
