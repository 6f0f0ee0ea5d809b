/**
 * Images that wait for the reader: a `<noscript data-deferred-image>` holds an image's markup. Without
 * JavaScript the browser renders it as is (with native lazy loading). With JavaScript the markup goes in
 * only when its box comes within half a screen of the viewport: Chrome's own lazy loading starts 1,250 to
 * 2,500 px ahead, which on a phone fetches covers far down a page the visitor may never scroll to.
 */
const AHEAD = '0px 0px 50% 0px';

function insert(holder: Element): void {
  holder.insertAdjacentHTML('beforebegin', holder.textContent);
  holder.remove();
}

function setupDeferredImages(): void {
  const holders = Array.from(document.querySelectorAll('noscript[data-deferred-image]'));
  if (holders.length === 0) return;
  if (!('IntersectionObserver' in window)) {
    holders.forEach(insert);
    return;
  }
  // A <noscript> is not rendered when scripts run: its box, which keeps the image's place, is watched.
  const byBox = new Map<Element, Element>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const holder = byBox.get(entry.target);
        if (!entry.isIntersecting || !holder) continue;
        observer.unobserve(entry.target);
        byBox.delete(entry.target);
        insert(holder);
      }
    },
    { rootMargin: AHEAD },
  );
  for (const holder of holders) {
    const box = holder.parentElement;
    if (!box) continue;
    byBox.set(box, holder);
    observer.observe(box);
  }
}

setupDeferredImages();
