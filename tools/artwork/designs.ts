/**
 * The covers drawn in code, by kind of content and id, and the SVG of each. People get no drawing: the
 * site shows a monogram of their name until the business supplies a photo (content/README.md), since a
 * drawn face next to a named executive reads as placeholder art.
 */
import { COVERS } from './covers/index.ts';
import type { ContentArtwork, ContentKind } from './outputs.ts';

export const DESIGNED: Readonly<Record<ContentKind, readonly string[]>> = {
  portfolio: Object.keys(COVERS),
  team: [],
  testimonials: [],
};

export function designSvg({ kind, id }: ContentArtwork): string {
  const draw = kind === 'portfolio' ? COVERS[id] : undefined;
  if (!draw) throw new Error(`No design for ${kind}/${id}`);
  return draw();
}
