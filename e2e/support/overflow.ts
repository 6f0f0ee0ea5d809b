import type { Page } from '@playwright/test';

/**
 * Text that runs outside its box or the screen on the current page, one readable line per offence:
 * `<element> «text»: 36 px past its box (div.card) on the right`.
 *
 * Every visible text node is measured line by line (Range rects, so a word that does not fit is caught
 * even when its element is wider than the text) against:
 * - the nearest ancestor that draws a box (border, background, shadow) or clips its content: a tile,
 *   a card, a button, a badge. Scroll containers (code blocks, wide tables) are exempt: their text is
 *   meant to scroll inside them, and their own box is still checked against the screen;
 * - the layout viewport (0 to the page width), and the document must not scroll sideways.
 */
export async function textOverflows(page: Page): Promise<string[]> {
  // Fade-ins finish first (reduced motion: no transition left running), fonts are in, lazy images sized.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(async () => {
    document.querySelectorAll('[data-reveal]').forEach((el) => el.classList.add('is-visible'));
    await document.fonts.ready;
  });
  return page.evaluate(() => {
    const TOLERANCE = 1;
    const viewportWidth = document.documentElement.clientWidth;
    const problems: string[] = [];

    const describe = (el: Element): string => {
      const id = el.id ? `#${el.id}` : '';
      const classes = [...el.classList]
        .slice(0, 3)
        .map((name) => `.${name}`)
        .join('');
      return `${el.tagName.toLowerCase()}${id}${classes}`;
    };
    const snippet = (text: string): string => {
      const clean = text.replace(/\s+/g, ' ').trim();
      return clean.length > 48 ? `${clean.slice(0, 47)}…` : clean;
    };

    const drawsBox = (el: Element, style: CSSStyleDeclaration): boolean => {
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') return true;
      if (style.backgroundImage !== 'none') return true;
      if (!/rgba\(\d+, \d+, \d+, 0\)|transparent/.test(style.backgroundColor)) return true;
      if (style.boxShadow !== 'none') return true;
      for (const side of ['Top', 'Right', 'Bottom', 'Left'] as const) {
        if (style[`border${side}Style`] !== 'none' && parseFloat(style[`border${side}Width`]) > 0) return true;
      }
      return el === document.body;
    };
    const scrolls = (style: CSSStyleDeclaration): boolean =>
      ['auto', 'scroll'].includes(style.overflowX) || ['auto', 'scroll'].includes(style.overflowY);
    // Visually hidden text (skip links, labels for screen readers) sits in a 1 px clipped box on purpose.
    const visuallyHidden = (el: Element, style: CSSStyleDeclaration): boolean =>
      style.clipPath !== 'none' || (el.getBoundingClientRect().width <= 1 && style.overflowX !== 'visible');

    if (document.documentElement.scrollWidth > viewportWidth + TOLERANCE) {
      problems.push(
        `la página se desplaza de lado: ${document.documentElement.scrollWidth - viewportWidth} px más ancha que la pantalla`,
      );
    }

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (node.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
    });
    const seen = new Set<string>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const owner = node.parentElement;
      if (!owner || owner.closest('script, style, noscript, template, svg')) continue;
      if (!owner.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true })) continue;

      // The box that holds the text; whether it is hidden text, or sits in a container that scrolls.
      let box: Element | null = null;
      let boxScrolls = false;
      let inScroller = false;
      let hidden = false;
      for (let el: Element | null = owner; el; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (visuallyHidden(el, style)) {
          hidden = true;
          break;
        }
        if (!box && drawsBox(el, style)) {
          box = el;
          boxScrolls = scrolls(style);
        }
        if (scrolls(style) && el !== document.documentElement && el !== document.body) inScroller = true;
      }
      if (hidden || !box) continue;
      const ownerStyle = getComputedStyle(owner);
      // Text cut short with an ellipsis does not fit either: a visitor reads half a title.
      if (ownerStyle.textOverflow === 'ellipsis') {
        const cut = owner.scrollWidth - owner.clientWidth;
        if (cut > TOLERANCE)
          problems.push(
            `${describe(owner)} «${snippet(node.textContent ?? '')}»: cortado con puntos suspensivos (${cut} px no caben)`,
          );
        continue;
      }
      // Range rects span the font's whole ascent and descent; a tight line-height (display figures)
      // draws the line shorter than that, so the vertical check uses the line's own height.
      const lineHeight = parseFloat(ownerStyle.lineHeight);

      const range = document.createRange();
      range.selectNodeContents(node);
      const holder = box.getBoundingClientRect();
      for (const line of range.getClientRects()) {
        if (line.width === 0 || line.height === 0) continue;
        const leading = Number.isFinite(lineHeight) && lineHeight < line.height ? (line.height - lineHeight) / 2 : 0;
        const overshoot = {
          derecha: line.right - holder.right,
          izquierda: holder.left - line.left,
          abajo: line.bottom - leading - holder.bottom,
          arriba: holder.top - (line.top + leading),
        };
        const screen = { derecha: line.right - viewportWidth, izquierda: -line.left };
        const report = (what: string, side: string, px: number) => {
          const text = `${describe(owner)} «${snippet(node.textContent ?? '')}»: ${Math.round(px)} px fuera de ${what} por la ${side}`;
          if (!seen.has(text)) problems.push(text);
          seen.add(text);
        };
        if (!boxScrolls && box !== document.body) {
          for (const [side, px] of Object.entries(overshoot))
            if (px > TOLERANCE) report(`su caja (${describe(box)})`, side, px);
        }
        if (!inScroller) {
          for (const [side, px] of Object.entries(screen)) if (px > TOLERANCE) report('la pantalla', side, px);
        }
      }
    }

    // A scroll container is itself a box on the screen: it may scroll inside, never run off the page.
    for (const el of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(el);
      if (!scrolls(style) || !el.checkVisibility()) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0) continue;
      if (rect.right - viewportWidth > TOLERANCE)
        problems.push(
          `${describe(el)} (con desplazamiento): ${Math.round(rect.right - viewportWidth)} px fuera de la pantalla por la derecha`,
        );
      if (-rect.left > TOLERANCE)
        problems.push(
          `${describe(el)} (con desplazamiento): ${Math.round(-rect.left)} px fuera de la pantalla por la izquierda`,
        );
    }
    return problems;
  });
}
