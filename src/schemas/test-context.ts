/**
 * Test-only stand-ins for Astro's schema context. Astro's `image()` resolves and measures the file;
 * in unit tests an image field is just the relative path, optionally checked to exist on disk.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';

/** `image()` accepts any non-empty path. */
export const fakeContext = { image: () => z.string().min(1) } as unknown as SchemaContext;

/** `image()` requires the path, relative to `dir`, to exist (what Astro checks at build time). */
export function contextFor(dir: string): SchemaContext {
  const image = () => z.string().refine((path) => existsSync(resolve(dir, path)), { error: (issue) => `No existe la imagen ${String(issue.input)}.` });
  return { image } as unknown as SchemaContext;
}

/** One line per issue, as Astro prints them: `field.path: message`. */
export function describeIssues(result: { success: boolean; error?: z.ZodError }): string[] {
  return result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];
}
