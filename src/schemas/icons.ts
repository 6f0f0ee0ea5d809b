/**
 * Icon names content may use: exactly the site's icon set (src/lib/icons.ts), so an editor picks a name
 * from that list and an unknown name fails the build instead of rendering an empty box.
 */
import { ICON_NAMES as SITE_ICON_NAMES, type IconName } from '../lib/icons.ts';
import { oneOf } from '../../core/content/common.ts';

export const ICON_NAMES = SITE_ICON_NAMES as readonly IconName[] as readonly [IconName, ...IconName[]];

export type { IconName };

export const icon = oneOf(ICON_NAMES, 'un icono');
