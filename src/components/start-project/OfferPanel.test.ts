/**
 * The offer panel as the build renders it: before its end the offer with its end date in words, after it
 * the ended state, so a build made after the date never shows an expired offer, with or without JavaScript.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { deadlineInstant, describeDeadline, type OfferDeadline } from '../../../core/limited-offer.ts';

// TypeScript alone does not read .astro files (astro check does), so the component is imported by a path it
// does not resolve; Vitest compiles it with Astro's plugin like any other.
type ContainerComponent = Parameters<AstroContainer['renderToString']>[0];
const componentPath = './OfferPanel.astro';
const { default: OfferPanel } = (await import(/* @vite-ignore */ componentPath)) as { default: ContainerComponent };

const deadline: OfferDeadline = { date: '2027-03-15', time: '18:00' };
const end = deadlineInstant(deadline).getTime();

async function render(now: number) {
  const container = await AstroContainer.create();
  const html = await container.renderToString(OfferPanel, {
    props: {
      window: 'Oferta de 72 horas',
      title: 'Lugares limitados',
      lead: 'Pocos lugares.',
      terms: 'Aplica sobre la primera etapa.',
      deadline,
      slots: 3,
      discountPercent: 20,
      bonus: 'Consultoría gratuita',
      ended: { title: 'Esta oferta ya terminó', lead: 'Se cerró el {fecha}.' },
      labels: {
        validUntil: 'Válida hasta el',
        timeZone: 'hora de la Ciudad de México',
        endsIn: 'Termina en',
        slotsLeft: 'lugares disponibles',
        discount: 'de descuento',
        bonus: 'Incluye',
      },
      now: new Date(now),
    },
  });
  const root = parse(html);
  const panel = root.querySelector('[data-offer]');
  if (!panel) throw new Error('sin panel');
  const block = (state: string) => root.querySelector(`[data-offer-when="${state}"]`);
  return { panel, active: block('active'), ended: block('ended') };
}

describe('the offer panel in the built HTML', () => {
  it('before the end: the offer, its end date and time in Mexico City, the ended state hidden', async () => {
    const { panel, active, ended } = await render(end - 1);
    expect(panel.getAttribute('data-offer-state')).toBe('active');
    expect(panel.getAttribute('aria-labelledby')).toBe('oferta-title');
    expect(panel.getAttribute('data-offer-ends')).toBe('2027-03-16T00:00:00.000Z');
    expect(active?.hasAttribute('hidden')).toBe(false);
    expect(ended?.hasAttribute('hidden')).toBe(true);
    const when = describeDeadline(deadline);
    expect(when).toEqual({ date: '15 de marzo de 2027', time: '18:00 h' });
    expect(active?.text).toContain('Válida hasta el');
    expect(active?.querySelector('time')?.text.trim()).toBe('15 de marzo de 2027');
    expect(active?.text).toContain('18:00 h, hora de la Ciudad de México');
    expect(active?.querySelector('[data-offer-slots]')?.text.trim()).toBe('3');
  });

  it('from the end on: the ended state with the date, the offer hidden', async () => {
    for (const now of [end, end + 86_400_000 * 400]) {
      const { panel, active, ended } = await render(now);
      expect(panel.getAttribute('data-offer-state')).toBe('ended');
      expect(panel.getAttribute('aria-labelledby')).toBe('oferta-terminada-title');
      expect(active?.hasAttribute('hidden')).toBe(true);
      expect(ended?.hasAttribute('hidden')).toBe(false);
      expect(ended?.querySelector('h2')?.text.trim()).toBe('Esta oferta ya terminó');
      expect(ended?.text).toContain('Se cerró el 15 de marzo de 2027.');
    }
  });
});
