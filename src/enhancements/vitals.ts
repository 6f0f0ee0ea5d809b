// Every page: field Web Vitals for the team's monitoring. Only this loader is in the page's first load; the
// measuring code (web-vitals, about 2 KB) is fetched once the page is idle, on a sampled share of visits.
import { VITALS_SAMPLE_RATE } from 'astro:env/client';

if (!import.meta.env.DEV && 'sendBeacon' in navigator && Math.random() < VITALS_SAMPLE_RATE) {
  const start = () =>
    void import('../lib/vitals/report.ts').then(({ reportVitals }) => reportVitals(VITALS_SAMPLE_RATE));
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 5000 });
  else setTimeout(start, 2000);
}
