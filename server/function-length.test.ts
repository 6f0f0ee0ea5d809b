/**
 * No function of the server runs past 150 lines, closures included: a factory that grows a route or a
 * concern at a time ends as one closure nobody reads whole (the inbox's reached 331 lines). The functions
 * still over the limit are listed with their length; the list only shrinks, and a listed function that
 * grows fails too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './testing/source-files.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const MAX_LINES = 150;

/** Still longer than the limit, with their length today (`file name`). */
const OVER_THE_LIMIT: Readonly<Record<string, number>> = {};

/** The name a function goes by: its own, its variable's, its property's or its method's. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  return `(anónima, línea ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1})`;
}

/** Every function with a body in `text`, with its length in lines. */
export function functionLengths(file: string, text: string): Record<string, number> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lengths: Record<string, number> = {};
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const line = (position: number) => source.getLineAndCharacterOfPosition(position).line;
      const key = `${file} ${nameOf(node, source)}`;
      lengths[key] = Math.max(lengths[key] ?? 0, line(node.getEnd()) - line(node.getStart(source)) + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lengths;
}

function overTheLimit(lengths: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(lengths).filter(([, lines]) => lines > MAX_LINES));
}

describe('function length in server/', () => {
  const lengths = Object.assign(
    {},
    ...sourceFiles(join(ROOT, 'server')).map((path) => {
      const file = path.slice(ROOT.length);
      return functionLengths(file, readFileSync(path, 'utf8'));
    }),
  ) as Record<string, number>;

  it('reads the functions of the server', () => {
    expect(lengths['server/start.ts runServer']).toBeGreaterThan(5);
  });

  it(`keeps every function within ${MAX_LINES} lines but the listed ones, which do not grow`, () => {
    const over = overTheLimit(lengths);
    const grown = Object.entries(over).filter(([key, lines]) => lines > (OVER_THE_LIMIT[key] ?? MAX_LINES));
    expect(Object.fromEntries(grown)).toEqual({});
  });

  it('lists only functions still over the limit (a shortened one leaves the list)', () => {
    const over = overTheLimit(lengths);
    expect(Object.keys(OVER_THE_LIMIT).filter((key) => over[key] === undefined)).toEqual([]);
  });

  it('measures closures whole, arrow functions and methods included', () => {
    const body = Array.from({ length: MAX_LINES }, (_, index) => `  const v${index} = ${index};`).join('\n');
    const text = `export function outer() {\n${body}\n  return { inner: () => 1, method() {\n return 2;\n } };\n}\n`;
    expect(overTheLimit(functionLengths('x.ts', text))).toEqual({ 'x.ts outer': MAX_LINES + 5 });
    expect(functionLengths('x.ts', text)['x.ts method']).toBe(3);
  });
});
