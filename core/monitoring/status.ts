/**
 * The status badges the wiki uses for measurements (excellent green, good blue,
 * needs-improvement yellow, poor red, anything else grey). Colours are written once, inside the
 * class names (Tailwind arbitrary values), so the contrast test reads the very colours the page uses.
 */
export const STATUS_BADGES = {
  excellent: { label: 'Excelente', className: 'bg-[#dcfce7] text-[#166534] ring-[#86efac]' },
  good: { label: 'Bueno', className: 'bg-[#dbeafe] text-[#1e40af] ring-[#93c5fd]' },
  'needs-improvement': { label: 'Necesita mejorar', className: 'bg-[#fef9c3] text-[#854d0e] ring-[#fde047]' },
  poor: { label: 'Deficiente', className: 'bg-[#fee2e2] text-[#991b1b] ring-[#fca5a5]' },
} as const;

export const OTHER_STATUS = { label: 'Sin dato', className: 'bg-[#f1f5f9] text-[#334155] ring-[#cbd5e1]' } as const;

export type Status = keyof typeof STATUS_BADGES;

export interface BadgeStyle {
  label: string;
  className: string;
}

export function isStatus(value: string): value is Status {
  return Object.hasOwn(STATUS_BADGES, value);
}

export function statusBadge(status: string): BadgeStyle {
  return isStatus(status) ? STATUS_BADGES[status] : OTHER_STATUS;
}

/** Lighthouse score (0-100) as a status: 100 excellent, 90-99 good, 50-89 needs improvement, below 50 poor. */
export function lighthouseStatus(score: number): Status {
  if (score >= 100) return 'excellent';
  if (score >= 90) return 'good';
  if (score >= 50) return 'needs-improvement';
  return 'poor';
}

/** Text and background colours of a badge, read from its class names. */
export function badgeColors(style: BadgeStyle): { text: string; background: string } {
  const text = /(?:^|\s)text-\[(#[0-9a-f]{6})\]/i.exec(style.className)?.[1];
  const background = /(?:^|\s)bg-\[(#[0-9a-f]{6})\]/i.exec(style.className)?.[1];
  if (!text || !background) throw new Error(`Insignia sin colores legibles: ${style.className}`);
  return { text, background };
}
