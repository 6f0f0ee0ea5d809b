/**
 * The start-project offer on the visitor's clock (OfferPanel.astro): counts down to `data-offer-ends` and
 * shows the ended state from that instant, whatever the build showed. The countdown ticks each second, or
 * each minute without seconds when the visitor prefers reduced motion. Without this script the panel still
 * states the end date, and the build shows the ended state once it has passed.
 */
import { formatCountdown, nextTick } from '../../core/countdown.ts';

type State = 'active' | 'ended';

function startCountdown(panel: HTMLElement): void {
  const end = Date.parse(panel.dataset.offerEnds ?? '');
  if (Number.isNaN(end)) return;
  const timer = panel.querySelector<HTMLElement>('[data-offer-countdown]');
  const prefix = timer?.dataset.prefix ?? '';
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let pending: number | undefined;

  const show = (state: State) => {
    if (panel.dataset.offerState === state) return;
    panel.dataset.offerState = state;
    for (const block of panel.querySelectorAll<HTMLElement>('[data-offer-when]')) {
      block.hidden = block.dataset.offerWhen !== state;
    }
    const heading = panel.querySelector(`[data-offer-when="${state}"] h2`);
    if (heading) panel.setAttribute('aria-labelledby', heading.id);
  };

  const tick = () => {
    window.clearTimeout(pending);
    const left = end - Date.now();
    if (left <= 0) {
      show('ended');
      if (timer) timer.textContent = '';
      return;
    }
    show('active');
    const withSeconds = !reducedMotion.matches;
    if (timer) timer.textContent = `${prefix} ${formatCountdown(left, withSeconds)}`;
    pending = window.setTimeout(tick, nextTick(left, withSeconds));
  };

  reducedMotion.addEventListener('change', tick);
  tick();
}

for (const panel of document.querySelectorAll<HTMLElement>('[data-offer-ends]')) startCountdown(panel);
