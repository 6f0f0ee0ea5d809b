import type { Page } from '@playwright/test';

/**
 * A slow phone on a slow network, through Chrome DevTools Protocol: 4x slower CPU, 300 ms round trips and
 * 1.6 Mbps down (Lighthouse's "slow 4G"). Bounded: it only affects this page, and the test ends it.
 */
export async function slowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 300,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Scripts of React and of the page's islands that the page has requested so far (paths). */
export function watchIslandScripts(page: Page): { requested: string[] } {
  const watched = { requested: [] as string[] };
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === 'script' && path.startsWith('/_astro/')) watched.requested.push(path);
  });
  return watched;
}

/** The component and renderer scripts of every island on the page (what hydrating them would fetch). */
export function islandScriptUrls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('astro-island')].flatMap((island) =>
      ['component-url', 'renderer-url'].map((name) => island.getAttribute(name) ?? '').filter(Boolean),
    ),
  );
}
