/**
 * The device class of a visit, the only thing read from its user agent, which itself is never stored.
 * Tablets first (an iPad, or an Android without "Mobile"), then phones, then everything else as desktop.
 */
export const DEVICE_CLASSES = ['phone', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export function deviceClassOf(userAgent: string | undefined): DeviceClass {
  const agent = userAgent ?? '';
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(agent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(agent)) return 'phone';
  return 'desktop';
}
