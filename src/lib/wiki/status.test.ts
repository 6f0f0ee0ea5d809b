import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.ts';
import {
  badgeColors,
  lighthouseStatus,
  OTHER_STATUS,
  STATUS_BADGES,
  statusBadge,
} from '../../../core/monitoring/status.ts';

describe('status badges', () => {
  it('has the four project statuses with their colour families', () => {
    expect(Object.keys(STATUS_BADGES)).toEqual(['excellent', 'good', 'needs-improvement', 'poor']);
    // Greens, blues, yellows, reds (by hue of the text colour) and grey for anything else.
    const hue = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [
        number,
        number,
        number,
      ];
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      if (max === min) return -1;
      const d = max - min;
      const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
      return (h * 60 + 360) % 360;
    };
    const backgroundHue = (style: { label: string; className: string }) => hue(badgeColors(style).background);
    expect(backgroundHue(STATUS_BADGES.excellent)).toBeGreaterThan(90);
    expect(backgroundHue(STATUS_BADGES.excellent)).toBeLessThan(160);
    expect(backgroundHue(STATUS_BADGES.good)).toBeGreaterThan(200);
    expect(backgroundHue(STATUS_BADGES.good)).toBeLessThan(240);
    expect(backgroundHue(STATUS_BADGES['needs-improvement'])).toBeGreaterThan(45);
    expect(backgroundHue(STATUS_BADGES['needs-improvement'])).toBeLessThan(65);
    expect(backgroundHue(STATUS_BADGES.poor)).toBeLessThan(10);
    const grey = badgeColors(OTHER_STATUS).background;
    expect(hue(grey) === -1 || contrastRatio(grey, '#f1f5f9') < 1.05).toBe(true);
  });

  it('keeps every badge’s text at 4.5:1 or more on its background', () => {
    for (const style of [...Object.values(STATUS_BADGES), OTHER_STATUS]) {
      const { text, background } = badgeColors(style);
      expect(contrastRatio(text, background), style.label).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('falls back to grey for an unknown status', () => {
    expect(statusBadge('good').label).toBe('Bueno');
    expect(statusBadge('pending')).toBe(OTHER_STATUS);
    expect(statusBadge('toString')).toBe(OTHER_STATUS);
  });

  it('turns a Lighthouse score into a status', () => {
    expect(lighthouseStatus(100)).toBe('excellent');
    expect(lighthouseStatus(95)).toBe('good');
    expect(lighthouseStatus(90)).toBe('good');
    expect(lighthouseStatus(89)).toBe('needs-improvement');
    expect(lighthouseStatus(49)).toBe('poor');
  });
});
