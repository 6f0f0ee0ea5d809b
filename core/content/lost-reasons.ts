/**
 * `content/lost-reasons.yaml`: the reasons a lead is marked lost with in the inbox (and the dashboard
 * counts). Node only: the inbox reads it when it starts, so a wrong file stops the server with the file and
 * the field to fix.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { flag, kebabId, list, strict, text } from './common.ts';
import { parseContent } from './parse.ts';

export const LOST_REASONS_FILE = 'content/lost-reasons.yaml';

export const lostReasonsSchema = strict({
  reasons: list(
    strict({
      id: kebabId,
      label: text('el texto del motivo en el formulario y el panel', { max: 80 }),
      needsDetail: flag('si hay que escribir el motivo en el detalle').optional(),
    }),
    1,
    30,
  ).superRefine((reasons, context) => {
    const seen = new Set<string>();
    reasons.forEach((reason, index) => {
      if (seen.has(reason.id))
        context.addIssue({ code: 'custom', path: [index, 'id'], message: `El identificador ${reason.id} se repite` });
      seen.add(reason.id);
    });
  }),
});

export type LostReasonEntry = z.output<typeof lostReasonsSchema>['reasons'][number];

export function parseLostReasons(source: string): readonly LostReasonEntry[] {
  return parseContent(LOST_REASONS_FILE, source, lostReasonsSchema).reasons;
}

/** The list in `root` (the repository, where `content/` is). */
export function readLostReasons(root: string): readonly LostReasonEntry[] {
  return parseLostReasons(
    readFileSync(new URL(LOST_REASONS_FILE, `file://${root.endsWith('/') ? root : `${root}/`}`), 'utf8'),
  );
}
