/** One cover illustration per portfolio case, by the case's id. */
import type { PortfolioId } from '../outputs.ts';
import { ecommerceCover } from './ecommerce.ts';
import { edtechCover } from './edtech.ts';
import { fintechCover } from './fintech.ts';
import { healthtechCover } from './healthtech.ts';
import { logisticsCover } from './logistics.ts';
import { proptechCover } from './proptech.ts';

export const COVERS: Record<PortfolioId, () => string> = {
  'fintech-revolution': fintechCover,
  'edutech-platform': edtechCover,
  'ecommerce-enterprise': ecommerceCover,
  'healthtech-app': healthtechCover,
  'logistics-platform': logisticsCover,
  'proptech-solution': proptechCover,
};
