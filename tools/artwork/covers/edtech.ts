/**
 * edutech-platform: a course player with its lesson list and progress, plus a floating card with the
 * learner's weekly streak. Accent: amber and violet.
 */
import { PALETTE } from '../palette.ts';
import { circle, el, rect } from '../svg.ts';
import { GLYPHS, avatar, bar, barChart, iconTile, ring } from '../ui.ts';
import { browserWindow, coverScene } from './frame.ts';
import { card, gradientFill } from './parts.ts';

export function edtechCover(): string {
  const scene = coverScene([
    { x: 0.06, y: 0.06, r: 0.4, color: PALETTE.indigo, opacity: 0.4 },
    { x: 0.86, y: 0.12, r: 0.5, color: PALETTE.violet, opacity: 0.55 },
    { x: 0.45, y: 1.05, r: 0.45, color: PALETTE.indigo, opacity: 0.45 },
    { x: 1.02, y: 0.92, r: 0.3, color: PALETTE.coral, opacity: 0.3 },
  ]);

  browserWindow(scene, { x: 90, y: 100, width: 1200, height: 800 }, 'dark', (s) => {
    const pad = 30;
    let out = '';
    // Top navigation.
    out += rect(s.x + pad, s.y + 24, 40, 40, 12, { fill: gradientFill(scene, PALETTE.amber, PALETTE.coral) });
    out += el('path', {
      d: GLYPHS.book,
      transform: `translate(${s.x + pad + 20} ${s.y + 44}) scale(0.85)`,
      fill: 'none',
      stroke: PALETTE.night,
      'stroke-width': 2.6,
      'stroke-linejoin': 'round',
    });
    [90, 70, 84].forEach((width, index) => {
      out += bar(s.x + pad + 70 + index * 120, s.y + 40, width, 9, PALETTE.white, index === 0 ? 0.85 : 0.35);
    });
    out += rect(s.x + s.width - 330, s.y + 24, 230, 40, 20, { fill: PALETTE.white, 'fill-opacity': 0.06 });
    out += el('path', {
      d: GLYPHS.search,
      transform: `translate(${s.x + s.width - 306} ${s.y + 44}) scale(0.8)`,
      fill: 'none',
      stroke: PALETTE.white,
      'stroke-opacity': 0.5,
      'stroke-width': 2.6,
      'stroke-linecap': 'round',
    });
    out += bar(s.x + s.width - 284, s.y + 40, 110, 8, PALETTE.white, 0.25);
    out += avatar(s.x + s.width - pad - 22, s.y + 44, 22, PALETTE.amber, PALETTE.indigoDeep);

    // Video player with an abstract lesson slide.
    const px = s.x + pad;
    const py = s.y + 92;
    const pw = 730;
    const ph = Math.round((pw * 9) / 16);
    const playerClip = scene.id('player');
    scene.def(el('clipPath', { id: playerClip }, rect(px, py, pw, ph, 18)));
    let slide = rect(px, py, pw, ph, 0, { fill: gradientFill(scene, '#312e81', '#6d28d9', [0, 0, 1, 1]) });
    slide += circle(px + pw * 0.78, py + ph * 0.28, 70, { fill: PALETTE.amber, 'fill-opacity': 0.9 });
    slide += circle(px + pw * 0.78, py + ph * 0.28, 110, { fill: PALETTE.white, 'fill-opacity': 0.08 });
    slide += el('path', {
      d: `M${px} ${py + ph * 0.78}C${px + pw * 0.25} ${py + ph * 0.55} ${px + pw * 0.45} ${py + ph * 0.7} ${px + pw * 0.62} ${py + ph * 0.6}S${px + pw * 0.9} ${py + ph * 0.5} ${px + pw} ${py + ph * 0.62}V${py + ph}H${px}Z`,
      fill: PALETTE.violet,
      'fill-opacity': 0.55,
    });
    slide += el('path', {
      d: `M${px} ${py + ph * 0.88}C${px + pw * 0.3} ${py + ph * 0.72} ${px + pw * 0.6} ${py + ph * 0.9} ${px + pw} ${py + ph * 0.76}V${py + ph}H${px}Z`,
      fill: '#1e1b4b',
      'fill-opacity': 0.85,
    });
    // Slide content blocks on the left.
    slide += rect(px + 48, py + 52, 280, 150, 16, { fill: PALETTE.night, 'fill-opacity': 0.45 });
    slide +=
      bar(px + 72, py + 78, 160, 12, PALETTE.white, 0.9) +
      bar(px + 72, py + 104, 220, 8, PALETTE.white, 0.45) +
      bar(px + 72, py + 122, 190, 8, PALETTE.white, 0.45);
    slide += barChart(px + 72, py + 140, 200, 46, [0.4, 0.65, 0.5, 0.85, 1], [PALETTE.amber, PALETTE.coral], 0.35);
    out += el('g', { 'clip-path': `url(#${playerClip})` }, slide);
    // Play button and controls.
    out += circle(px + pw / 2, py + ph / 2, 44, { fill: PALETTE.white, 'fill-opacity': 0.92 });
    out += el('path', { d: `M${px + pw / 2 - 12} ${py + ph / 2 - 18}v36l30-18z`, fill: '#4c1d95' });
    const controlsY = py + ph - 44;
    out += rect(px + 20, controlsY, pw - 40, 6, 3, { fill: PALETTE.white, 'fill-opacity': 0.3 });
    out += rect(px + 20, controlsY, (pw - 40) * 0.42, 6, 3, { fill: PALETTE.amber });
    out += circle(px + 20 + (pw - 40) * 0.42, controlsY + 3, 9, { fill: PALETTE.white });
    out +=
      bar(px + 20, controlsY + 18, 70, 7, PALETTE.white, 0.55) +
      bar(px + pw - 90, controlsY + 18, 70, 7, PALETTE.white, 0.55);

    // Course details under the player.
    const dy = py + ph + 30;
    out += bar(px, dy, 380, 16, PALETTE.white, 0.92);
    out +=
      avatar(px + 20, dy + 58, 20, PALETTE.violet, PALETTE.indigoDeep) +
      bar(px + 52, dy + 48, 120, 9, PALETTE.white, 0.7) +
      bar(px + 52, dy + 64, 80, 7, PALETTE.white, 0.3);
    [PALETTE.amber, PALETTE.violet, PALETTE.cyan].forEach((color, index) => {
      const x = px + 330 + index * 130;
      out +=
        rect(x, dy + 42, 116, 32, 16, { fill: color, 'fill-opacity': 0.16 }) + bar(x + 24, dy + 54, 68, 8, color, 0.95);
    });
    // Course resources.
    const resourceWidth = (pw - 32) / 3;
    (
      [
        ['book', PALETTE.amber],
        ['code', PALETTE.cyan],
        ['check', PALETTE.emerald],
      ] as const
    ).forEach(([glyph, color], index) => {
      const rx = px + index * (resourceWidth + 16);
      out += card(rx, dy + 100, resourceWidth, 68, 'dark', 14);
      out += iconTile(rx + 14, dy + 114, 40, color, GLYPHS[glyph], PALETTE.night, 0.95);
      out +=
        bar(rx + 68, dy + 122, resourceWidth * 0.45, 9, PALETTE.white, 0.8) +
        bar(rx + 68, dy + 140, resourceWidth * 0.28, 7, PALETTE.white, 0.3);
    });

    // Lesson list.
    const lx = px + pw + 26;
    const lw = s.x + s.width - pad - lx;
    const lh = s.y + s.height - 26 - py;
    out += card(lx, py, lw, lh, 'dark');
    out += bar(lx + 24, py + 28, 150, 12, PALETTE.white, 0.85) + bar(lx + 24, py + 52, 90, 8, PALETTE.white, 0.35);
    out +=
      rect(lx + 24, py + 76, lw - 48, 8, 4, { fill: PALETTE.white, 'fill-opacity': 0.1 }) +
      rect(lx + 24, py + 76, (lw - 48) * 0.6, 8, 4, { fill: PALETTE.amber });
    const states = ['done', 'done', 'done', 'current', 'next', 'next', 'locked', 'locked'] as const;
    states.forEach((state, index) => {
      const ry = py + 112 + index * 62;
      if (ry + 50 > py + lh - 10) return;
      if (state === 'current')
        out += rect(lx + 12, ry - 6, lw - 24, 56, 14, {
          fill: PALETTE.violet,
          'fill-opacity': 0.22,
          stroke: PALETTE.violet,
          'stroke-opacity': 0.5,
        });
      const cx = lx + 40;
      const cy = ry + 22;
      if (state === 'done') {
        out += circle(cx, cy, 15, { fill: PALETTE.amber });
        out += el('path', {
          d: `M${cx - 6} ${cy}l4 4 8-8`,
          fill: 'none',
          stroke: PALETTE.night,
          'stroke-width': 2.6,
          'stroke-linecap': 'round',
          'stroke-linejoin': 'round',
        });
      } else if (state === 'current') {
        out += circle(cx, cy, 15, { fill: PALETTE.violet });
        out += el('path', { d: `M${cx - 4} ${cy - 7}v14l11-7z`, fill: PALETTE.white });
      } else {
        out += circle(cx, cy, 14, { fill: 'none', stroke: PALETTE.white, 'stroke-opacity': 0.3, 'stroke-width': 2 });
        if (state === 'locked')
          out += el('path', {
            d: GLYPHS.lock,
            transform: `translate(${cx} ${cy}) scale(0.55)`,
            fill: 'none',
            stroke: PALETTE.white,
            'stroke-opacity': 0.45,
            'stroke-width': 3,
          });
      }
      const strong = state === 'locked' ? 0.35 : 0.85;
      out +=
        bar(lx + 70, ry + 10, 120 + ((index * 37) % 60), 9, PALETTE.white, strong) +
        bar(lx + 70, ry + 28, 60, 7, PALETTE.white, 0.3);
      out += bar(lx + lw - 66, ry + 18, 38, 7, PALETTE.white, 0.3);
    });
    return out;
  });

  // Weekly streak and overall progress.
  const gx = 1150;
  const gy = 610;
  scene.glass({
    x: gx,
    y: gy,
    width: 370,
    height: 250,
    radius: 28,
    tintOpacity: 0.12,
    shadow: 0.6,
    content:
      ring(gx + 82, gy + 92, 50, 14, 0.68, PALETTE.amber) +
      bar(gx + 62, gy + 82, 40, 12, PALETTE.white, 0.9) +
      bar(gx + 68, gy + 100, 28, 6, PALETTE.white, 0.4) +
      bar(gx + 160, gy + 62, 150, 12, PALETTE.white, 0.9) +
      bar(gx + 160, gy + 86, 110, 8, PALETTE.white, 0.4) +
      bar(gx + 160, gy + 106, 130, 8, PALETTE.white, 0.4) +
      barChart(
        gx + 30,
        gy + 168,
        310,
        56,
        [0.45, 0.7, 0.55, 0.9, 0.65, 1, 0.35],
        [PALETTE.violet, PALETTE.violet, PALETTE.violet, PALETTE.violet, PALETTE.violet, PALETTE.amber, PALETTE.violet],
        0.4,
      ),
  });
  scene.glass({
    x: 1200,
    y: 150,
    width: 250,
    height: 92,
    radius: 24,
    tintOpacity: 0.12,
    shadow: 0.5,
    content:
      rect(1222, 172, 48, 48, 14, { fill: gradientFill(scene, PALETTE.amber, PALETTE.coral) }) +
      el('path', { d: GLYPHS.star, transform: 'translate(1246 196) scale(1.05)', fill: PALETTE.night }) +
      bar(1288, 182, 120, 11, PALETTE.white, 0.9) +
      bar(1288, 204, 80, 8, PALETTE.white, 0.45),
  });
  return scene.svg();
}
