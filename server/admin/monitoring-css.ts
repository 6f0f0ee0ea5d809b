/**
 * The monitoring page's status badges, in the colours of the one definition the wiki renders
 * (core/monitoring/status.ts): written into the inbox's stylesheet as classes, since the inbox's CSP allows
 * no inline style. A colour changed there changes the wiki and the inbox alike. The trend lines use the
 * inbox's chart colours.
 */
import { badgeColors, OTHER_STATUS, STATUS_BADGES } from '../../core/monitoring/status.ts';

export function monitoringCss(): string {
  const rule = (name: string, style: { label: string; className: string }) => {
    const { text, background } = badgeColors(style);
    return `.vital-${name} {\n  background: ${background};\n  color: ${text};\n}\n`;
  };
  return [
    '/* Monitoring: status badges from core/monitoring/status.ts. */\n',
    ...Object.entries(STATUS_BADGES).map(([name, style]) => rule(name, style)),
    rule('none', OTHER_STATUS),
    '.trend-line {\n  fill: none;\n  stroke: var(--admin-chart-1);\n  stroke-width: 2.5;\n}\n',
    '.trend-limit {\n  stroke: var(--color-fg-muted);\n  stroke-dasharray: 6 4;\n  stroke-width: 1.5;\n}\n\n',
  ].join('');
}
