/**
 * Fade-in on scroll: elements with `data-reveal` appear once when enough of them is visible
 * (`data-reveal-threshold`, default 0.1). Children of a `data-reveal-stagger="<ms>"` container are
 * delayed by their position. CSS hides them only under `html.js` and without reduced motion, so the
 * content is always readable when this script does not run.
 */
const DEFAULT_THRESHOLD = 0.1;

function revealAll(elements: Iterable<Element>): void {
  for (const element of elements) element.classList.add('is-visible');
}

function setupReveal(): void {
  const elements = Array.from(document.querySelectorAll<HTMLElement>('[data-reveal]'));
  if (elements.length === 0) return;
  if (!('IntersectionObserver' in window) || window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    revealAll(elements);
    return;
  }

  for (const container of document.querySelectorAll<HTMLElement>('[data-reveal-stagger]')) {
    const step = Number(container.dataset.revealStagger) || 0;
    container.querySelectorAll<HTMLElement>('[data-reveal]').forEach((child, index) => {
      child.style.setProperty('--reveal-delay', `${index * step}ms`);
    });
  }

  const observers = new Map<number, IntersectionObserver>();
  const observerFor = (threshold: number): IntersectionObserver => {
    let observer = observers.get(threshold);
    if (!observer) {
      observer = new IntersectionObserver(
        (entries, self) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            entry.target.classList.add('is-visible');
            self.unobserve(entry.target);
          }
        },
        { threshold },
      );
      observers.set(threshold, observer);
    }
    return observer;
  };

  for (const element of elements) {
    const threshold = Number(element.dataset.revealThreshold ?? DEFAULT_THRESHOLD);
    observerFor(Number.isFinite(threshold) ? threshold : DEFAULT_THRESHOLD).observe(element);
  }
}

setupReveal();
