// Every page: field Web Vitals for the team's monitoring, on a sampled share of visits. The first load
// carries only the beacon (src/lib/vitals/beacon.ts, which also counts the view); the measuring code
// (web-vitals) comes at the reader's first interaction, or once the page has loaded and sat idle a while.
import { VITALS_SAMPLE_RATE } from 'astro:env/client';
import { startBeacon } from '../lib/vitals/beacon.ts';

/** How long after `load` the measuring waits for an interaction before it loads anyway. */
const SETTLE_MS = 6000;

if (!import.meta.env.DEV && 'sendBeacon' in navigator && Math.random() < VITALS_SAMPLE_RATE) {
  const measured = startBeacon(VITALS_SAMPLE_RATE);
  const events = ['pointerdown', 'keydown', 'scroll'] as const;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const name of events) removeEventListener(name, start, true);
    void import('../lib/vitals/report.ts').then(({ measureVitals }) => measureVitals(measured));
  };
  for (const name of events) addEventListener(name, start, { capture: true, passive: true });
  const later = () =>
    setTimeout(() => ('requestIdleCallback' in window ? requestIdleCallback(start) : start()), SETTLE_MS);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}
