/**
 * An e-mail body as a list of blocks, rendered twice: to HTML (table layout, inline styles, every string
 * escaped here) and to plain text. Templates say what a message contains once; both versions follow.
 */
import { copyParts } from '../../core/content/emails.ts';
import { fillTemplate } from '../../core/text-template.ts';
import { escapeHtml } from '../escape-html.ts';
import { multiline } from './html.ts';
import {
  buttons,
  dataTable,
  heading,
  link,
  list,
  panel,
  paragraph,
  subheading,
  textTable,
  type TableRow,
} from './layout.ts';

/** A run of text inside a paragraph or a panel line. */
export type Inline = string | { strong: string } | { href: string; text: string };

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'paragraph'; parts: readonly Inline[] }
  /** A highlighted box: an optional title and its lines. */
  | { kind: 'panel'; title?: string; lines: ReadonlyArray<readonly Inline[]> }
  | { kind: 'buttons'; links: ReadonlyArray<{ href: string; label: string }> }
  | { kind: 'table'; caption: string; rows: readonly TableRow[] }
  | { kind: 'list'; items: readonly string[] };

export type { TableRow };

/**
 * A paragraph of content/emails.yaml as inline runs: its `{name}` placeholders filled from `values`,
 * `**bold**` as strong text and its `[link]` pointing at `href`. Marks are read before the values go in,
 * so a value (a name with brackets, say) is always plain text.
 */
export function copyInline(
  template: string,
  values: Readonly<Record<string, string | number>> = {},
  href = '',
): Inline[] {
  return (copyParts(template) ?? [{ text: template }]).map((part) => {
    if ('text' in part) return fillTemplate(part.text, values);
    if ('strong' in part) return { strong: fillTemplate(part.strong, values) };
    return { href, text: fillTemplate(part.link, values) };
  });
}

function inlineHtml(parts: readonly Inline[]): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return multiline(part);
      if ('strong' in part) return `<strong>${escapeHtml(part.strong)}</strong>`;
      return link(part.href, part.text);
    })
    .join('');
}

function inlineText(parts: readonly Inline[]): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return part;
      if ('strong' in part) return part.strong;
      return part.href === part.text ? part.href : `${part.text} (${part.href})`;
    })
    .join('');
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return heading(block.text);
    case 'subheading':
      return subheading(block.text);
    case 'paragraph':
      return paragraph(inlineHtml(block.parts));
    case 'panel': {
      const title = block.title ? `<p style="margin:0 0 8px;font-weight:700;">${escapeHtml(block.title)}</p>` : '';
      const lines = block.lines.map((line, index) => {
        const last = index === block.lines.length - 1;
        return `<p style="margin:0${last ? '' : ' 0 8px'};">${inlineHtml(line)}</p>`;
      });
      return panel(title + lines.join(''));
    }
    case 'buttons':
      return buttons(block.links);
    case 'table':
      return dataTable(block.caption, block.rows);
    case 'list':
      return list(block.items.map(escapeHtml));
  }
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return block.text;
    case 'subheading':
      return block.text.toLocaleUpperCase('es-MX');
    case 'paragraph':
      return inlineText(block.parts);
    case 'panel':
      return [...(block.title ? [block.title.toLocaleUpperCase('es-MX')] : []), ...block.lines.map(inlineText)].join(
        '\n',
      );
    case 'buttons':
      return block.links.map((item) => `${item.label}: ${item.href}`).join('\n');
    case 'table':
      return `${block.caption.toLocaleUpperCase('es-MX')}\n${textTable(block.rows)}`;
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
  }
}

export function renderHtml(blocks: readonly Block[]): string {
  return blocks.map(blockHtml).join('\n');
}

/** Blocks separated by a blank line. */
export function renderText(blocks: readonly Block[]): string {
  return blocks.map(blockText).join('\n\n');
}
