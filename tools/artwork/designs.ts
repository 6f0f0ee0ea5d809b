/** The covers and portraits drawn in code, by kind of content and id, and the SVG of each. */
import { COVERS } from './covers/index.ts';
import type { ContentArtwork, ContentKind } from './outputs.ts';
import { portraitSvg, TEAM_PORTRAITS, TESTIMONIAL_PORTRAITS } from './portraits.ts';

export const DESIGNED: Readonly<Record<ContentKind, readonly string[]>> = {
  portfolio: Object.keys(COVERS),
  team: Object.keys(TEAM_PORTRAITS),
  testimonials: Object.keys(TESTIMONIAL_PORTRAITS),
};

export function designSvg({ kind, id, spec }: ContentArtwork): string {
  const missing = (): never => {
    throw new Error(`No design for ${kind}/${id}`);
  };
  if (kind === 'portfolio') return (COVERS[id] ?? missing)();
  const portrait = (kind === 'team' ? TEAM_PORTRAITS : TESTIMONIAL_PORTRAITS)[id] ?? missing();
  return portraitSvg(portrait, spec.width, id);
}
