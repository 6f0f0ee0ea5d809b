/**
 * Cover illustrations drawn in code, by the id of the case they illustrate. A case without one here keeps
 * the image its editor put beside its file; a design for a case that no longer exists is simply not drawn.
 */
import { ecommerceCover } from './ecommerce.ts';
import { edtechCover } from './edtech.ts';
import { fintechCover } from './fintech.ts';
import { healthtechCover } from './healthtech.ts';
import { logisticsCover } from './logistics.ts';
import { proptechCover } from './proptech.ts';

export const COVERS: Readonly<Record<string, () => string>> = {
  'fintech-revolution': fintechCover,
  'edutech-platform': edtechCover,
  'ecommerce-enterprise': ecommerceCover,
  'healthtech-app': healthtechCover,
  'logistics-platform': logisticsCover,
  'proptech-solution': proptechCover,
};
