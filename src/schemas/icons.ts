/**
 * Icon names content may use. The page components map each name to an inline SVG, so an editor picks a
 * name from this list and an unknown name fails the build instead of rendering an empty box.
 */
import { oneOf } from './common.ts';

export const ICON_NAMES = [
  'globe',
  'smartphone',
  'cart',
  'building',
  'cloud',
  'sparkles',
  'shield',
  'zap',
  'layers',
  'chart',
  'code',
  'server',
  'database',
  'lock',
  'clock',
  'users',
  'rocket',
  'wrench',
  'plug',
  'message',
  'infinity',
  'target',
  'receipt',
  'truck',
  'search',
  'calendar',
  'credit-card',
  'refresh',
  'check',
] as const;

export type IconName = (typeof ICON_NAMES)[number];

export const icon = oneOf(ICON_NAMES, 'un icono');
