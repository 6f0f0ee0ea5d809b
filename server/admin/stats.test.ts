import { describe, expect, it } from 'vitest';
import { horizontalBarChart, niceMax, stackedBarChart } from './charts.ts';
import { toHtmlString } from './html.ts';
import { buildDashboard, formatElapsed, formatRate, lastWeeks, median, weekStart, type DashboardRow } from './stats.ts';

describe('dashboard numbers', () => {
  it('finds the Monday of a Mexico City week', () => {
    expect(weekStart('2026-11-23')).toBe('2026-11-23'); // Monday
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // Sunday
    expect(weekStart('2026-11-01')).toBe('2026-10-26');
    expect(() => weekStart('2026-13-01')).toThrow();
  });

  it('lists the last weeks by Mexico City time', () => {
    // Monday 00:30 in Mexico City is still Monday 06:30 UTC: the week has begun there.
    expect(lastWeeks(new Date('2026-11-23T06:30:00Z'), 3)).toEqual(['2026-11-09', '2026-11-16', '2026-11-23']);
    // Monday 05:00 UTC is Sunday night in Mexico City: the previous week.
    expect(lastWeeks(new Date('2026-11-23T05:00:00Z'), 1)).toEqual(['2026-11-16']);
  });

  it('takes the median of odd and even counts', () => {
    expect(median([])).toBeUndefined();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('counts per week and kind, the pipeline, the funnel, conversion and time to first contact', () => {
    const hour = 3_600_000;
    const at = (iso: string, plusHours: number) => new Date(new Date(iso).getTime() + plusHours * hour).toISOString();
    const rows: DashboardRow[] = [
      {
        receivedAt: '2026-11-16T16:00:00.000Z',
        kind: 'small',
        status: 'nuevo',
        firstContactAt: null,
        proposalAt: null,
      },
      {
        receivedAt: '2026-11-17T16:00:00.000Z',
        kind: 'project',
        status: 'ganado',
        firstContactAt: at('2026-11-17T16:00:00.000Z', 2),
        proposalAt: at('2026-11-17T16:00:00.000Z', 30),
      },
      {
        receivedAt: '2026-11-23T15:00:00.000Z',
        kind: 'project',
        status: 'perdido',
        firstContactAt: at('2026-11-23T15:00:00.000Z', 4),
        proposalAt: null,
      },
      {
        receivedAt: '2026-11-24T15:00:00.000Z',
        kind: 'consultancy',
        status: 'ganado',
        firstContactAt: at('2026-11-24T15:00:00.000Z', 1),
        proposalAt: null,
      },
      {
        receivedAt: '2026-11-24T18:00:00.000Z',
        kind: 'big',
        status: 'perdido',
        firstContactAt: null,
        proposalAt: null,
      },
      { receivedAt: 'not a date', kind: 'big', status: 'nuevo', firstContactAt: null, proposalAt: null },
      // After the last week, with a status this code no longer knows: counted as nuevo, in no week.
      {
        receivedAt: '2026-11-30T19:00:00.000Z',
        kind: 'small',
        status: 'bogus',
        firstContactAt: null,
        proposalAt: null,
      },
    ];
    const dashboard = buildDashboard(rows, ['2026-11-16', '2026-11-23']);
    expect(dashboard.weeks).toEqual([
      { start: '2026-11-16', counts: { small: 1, big: 0, project: 1, consultancy: 0 }, total: 2 },
      { start: '2026-11-23', counts: { small: 0, big: 1, project: 1, consultancy: 1 }, total: 3 },
    ]);
    expect(dashboard.pipeline).toEqual({ nuevo: 2, contactado: 0, propuesta: 0, ganado: 2, perdido: 2 });
    expect(dashboard.funnel).toEqual({ received: 6, contacted: 3, proposal: 2, won: 2 });
    expect(dashboard.conversion).toBeCloseTo(2 / 6);
    expect(dashboard.winRate).toBe(0.5);
    expect(dashboard.medianFirstContactMs).toBe(2 * hour);
  });

  it('puts a lead in its Mexico City week, to the minute', () => {
    const row = (receivedAt: string): DashboardRow => ({
      receivedAt,
      kind: 'big',
      status: 'nuevo',
      firstContactAt: null,
      proposalAt: null,
    });
    const dashboard = buildDashboard(
      [
        row('2026-11-16T05:59:00.000Z'), // Sunday 23:59 in Mexico City: before the first week
        row('2026-11-16T06:00:00.000Z'), // Monday 00:00: first week
        row('2026-11-23T05:59:59.999Z'), // Sunday 23:59: still the first week
        row('2026-11-23T06:00:00.000Z'), // Monday 00:00: second week
        row('2026-11-30T06:00:00.000Z'), // after the last week
      ],
      ['2026-11-16', '2026-11-23'],
    );
    expect(dashboard.weeks.map((week) => week.total)).toEqual([2, 1]);
  });

  it('has no rates without data', () => {
    const empty = buildDashboard([], ['2026-11-23']);
    expect(empty.conversion).toBeUndefined();
    expect(empty.winRate).toBeUndefined();
    expect(empty.medianFirstContactMs).toBeUndefined();
    expect(formatRate(undefined)).toBe('—');
    expect(formatElapsed(undefined)).toBe('—');
  });

  it('writes rates and waits as a person reads them', () => {
    expect(formatRate(0.125)).toMatch(/^12\.5\s?%$/);
    expect(formatElapsed(44 * 60_000)).toBe('44 min');
    expect(formatElapsed(200 * 60_000)).toBe('3 h 20 min');
    expect(formatElapsed(120 * 60_000)).toBe('2 h');
    expect(formatElapsed(52 * 3_600_000)).toBe('2 días 4 h');
    expect(formatElapsed(24 * 3_600_000)).toBe('1 día');
  });
});

describe('SVG charts', () => {
  it('rounds the axis maximum', () => {
    expect([0, 1, 3, 7, 12, 51, 100].map(niceMax)).toEqual([1, 1, 5, 10, 20, 100, 100]);
  });

  it('draws a labelled stacked bar chart with escaped text and no inline style', () => {
    const svg = toHtmlString(
      stackedBarChart({
        id: 'semanas',
        title: 'Leads por semana',
        summary: '5 leads en 2 semanas <b>',
        categories: ['16 nov', '23 nov'],
        series: [
          { label: 'Contacto <rápido>', values: [1, 0] },
          { label: 'Proyecto', values: [1, 3] },
        ],
      }),
    );
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-labelledby="semanas-title semanas-desc"');
    expect(svg).toContain('<title id="semanas-title">Leads por semana</title>');
    expect(svg).toContain('5 leads en 2 semanas &lt;b&gt;');
    expect(svg).toContain('<title>16 nov: Contacto &lt;rápido&gt;, 1</title>');
    expect(svg.match(/<rect /g)).toHaveLength(3); // zero values draw nothing
    expect(svg).not.toMatch(/style=/);
    expect(svg).not.toContain('NaN');
  });

  it('draws an empty chart without dividing by zero', () => {
    const svg = toHtmlString(stackedBarChart({ id: 'x', title: 't', summary: 's', categories: [], series: [] }));
    expect(svg).not.toContain('NaN');
    expect(svg).not.toContain('Infinity');
  });

  it('draws horizontal bars proportional to their values', () => {
    const svg = toHtmlString(
      horizontalBarChart({
        id: 'embudo',
        title: 'Embudo',
        summary: 'De 10 leads, 2 ganados',
        rows: [
          { label: 'Recibidos', value: 10, valueText: '10' },
          { label: 'Ganados', value: 2, valueText: '2 (20 %)' },
          { label: 'Vacío', value: 0, valueText: '0' },
        ],
      }),
    );
    const widths = [...svg.matchAll(/<rect [^>]*width="([\d.]+)"/g)].map((match) => Number(match[1]));
    expect(widths[0]).toBeCloseTo(5 * (widths[1] ?? 0), 0);
    expect(widths[2]).toBe(1);
    expect(svg).toContain('2 (20 %)');
  });
});
