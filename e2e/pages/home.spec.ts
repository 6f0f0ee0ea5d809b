import { CASES, pageSection, PHASES, SERVICES, TEAM, TESTIMONIALS } from '../support/content.ts';
import { test, expect } from '../support/fixtures.ts';
import { jsonLdNodes } from './jsonld.ts';

test.describe('home', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  // The sections only read what the server sent: one visit, a step per section (a failure names its step).
  test('every section as served: hero, why us, cases, stack, process, team, testimonials, contact, data, headings', async ({
    page,
  }) => {
    // Ten sections' checks in one test: the time of several.
    test.slow();
    await test.step('hero: the h1, both buttons and the marketing figures', async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Desarrollo Sin Límites');
      await expect(page.locator('h1')).toHaveCount(1);
      const start = page.getByRole('link', { name: 'Descubre tu Potencial' });
      await expect(start).toHaveAttribute('href', '/iniciar-proyecto');
      const portfolio = page.getByRole('link', { name: 'Ver Portfolio', exact: true });
      await expect(portfolio).toHaveAttribute('href', '#portfolio');
      // The buttons fade in when 30% of them is visible.
      await expect(start.locator('xpath=..')).toHaveAttribute('data-reveal-threshold', '0.3');
      for (const [value, label] of [
        ['50+', 'proyectos entregados'],
        ['40+', 'clientes'],
        ['99.9%', 'disponibilidad'],
      ] as const) {
        await expect(page.locator('dl').first().locator('div', { hasText: label }).locator('dd')).toHaveText(value);
      }
    });

    await test.step('why us: the three pillars', async () => {
      const section = page.locator('#por-que-nosotros');
      for (const pillar of ['Sin dependencias', 'Velocidad extrema', 'Escalabilidad infinita']) {
        await expect(section.getByRole('heading', { level: 3, name: pillar })).toBeVisible();
      }
    });

    await test.step('#portfolio: the featured cases with two metrics, tech tags, "Ver Caso" and "Ver Todos los Proyectos"', async () => {
      const section = page.locator('#portfolio');
      const cards = section.locator('article');
      const featured = CASES.filter((entry) => entry.featured);
      await expect(cards).toHaveCount(featured.length);
      for (const [index, { id }] of featured.entries()) {
        const card = cards.nth(index);
        await expect(card.getByRole('heading', { level: 3 }).getByRole('link')).toHaveAttribute(
          'href',
          `/portfolio/${id}`,
        );
        await expect(card.locator('dd')).toHaveCount(2);
        await expect(card.getByRole('list', { name: 'Tecnologías' }).getByRole('listitem')).not.toHaveCount(0);
        await expect(card).toContainText('Ver Caso');
      }
      // The launch's first case shows its first two figures, not its third.
      const fintech = section.locator('article', { has: page.locator('a[href="/portfolio/fintech-revolution"]') });
      await expect(fintech.locator('dd')).toHaveText(['$50M+ MXN', '2M+']);
      await expect(fintech.getByRole('list', { name: 'Tecnologías' })).toContainText('Go');
      await expect(section.locator('[data-reveal-stagger="200"] > [data-reveal]')).toHaveCount(featured.length);
      await expect(section.getByRole('link', { name: 'Ver Todos los Proyectos' })).toHaveAttribute(
        'href',
        '/portfolio',
      );
    });

    await test.step('#stack groups the technologies as Frontend, Backend, Cloud and Mobile', async () => {
      const section = page.locator('#stack');
      await expect(section.getByRole('heading', { level: 3 })).toHaveText(['Frontend', 'Backend', 'Cloud', 'Móvil']);
      await expect(section.getByRole('region', { name: 'Frontend' })).toContainText('React');
      await expect(section.getByRole('region', { name: 'Móvil' })).toContainText('Flutter');
      await expect(section.getByRole('link', { name: 'Ver todas las tecnologías' })).toHaveAttribute(
        'href',
        '/tecnologias',
      );
    });

    await test.step('process: the first phases with their durations', async () => {
      const steps = page.locator('#proceso ol > li');
      // The home page shows the first four phases, whatever the process holds after them.
      const shown = PHASES.slice(0, 4);
      await expect(steps).toHaveCount(shown.length);
      for (const [index, { title, duration }] of shown.entries()) {
        await expect(steps.nth(index).getByRole('heading', { level: 3 })).toHaveText(title);
        await expect(steps.nth(index)).toContainText(duration);
      }
      await expect(page.locator('#proceso').getByRole('link', { name: 'Conoce el proceso completo' })).toHaveAttribute(
        'href',
        '/proceso-desarrollo',
      );
    });

    await test.step('the team in order, with portraits, roles and skills', async () => {
      const cards = page.locator('#equipo article');
      await expect(cards).toHaveCount(TEAM.length);
      await expect(cards.getByRole('heading', { level: 3 })).toHaveText(TEAM.map((member) => member.name));
      for (const [index, card] of (await cards.all()).entries()) {
        // A photo, or until there is one a monogram: either way an image with a name that says whose it is.
        await expect(card.getByRole('img')).toHaveAccessibleName(new RegExp(TEAM[index]?.name ?? '-'));
        await expect(card.getByRole('list', { name: 'Especialidades' }).getByRole('listitem')).not.toHaveCount(0);
        await expect(card).toContainText(TEAM[index]?.role ?? '');
      }
    });

    await test.step('every testimonial, each rated five stars in words', async () => {
      const section = page.locator('#testimonios');
      await expect(section.getByRole('img', { name: 'Calificación: 5 de 5' })).toHaveCount(TESTIMONIALS.length);
      await expect(section.locator('blockquote')).toHaveCount(TESTIMONIALS.length);
      await expect(section).toContainText('Luis Fernando Treviño');
      await expect(section.getByRole('link', { name: /^Ver Caso\s*: Pagora/ })).toHaveAttribute(
        'href',
        '/portfolio/fintech-revolution',
      );
    });

    await test.step('#contacto holds the small form and the response promises', async () => {
      const section = page.locator('#contacto');
      await expect(section.getByRole('heading', { level: 2, name: 'Platiquemos de tu proyecto' })).toBeVisible();
      await expect(section.locator('[data-form="small"]')).toBeVisible();
      for (const text of [
        '< 2 h',
        '24 h',
        '48 h',
        'Primera respuesta',
        'Propuesta detallada',
        'Reunión agendada',
        'Respuesta máxima',
      ]) {
        await expect(section).toContainText(text);
      }
    });

    await test.step('structured data: the Organization', async () => {
      const organization = (await jsonLdNodes(page)).find((node) => node['@type'] === 'Organization');
      expect(organization?.name).toBe('Angram');
      expect(organization?.email).toBe('hola@angram.mx');
    });

    await test.step('headings go in order: one h1, then h2 per section, h3 in cards', async () => {
      const levels = await page
        .locator('main')
        .locator('h1, h2, h3, h4')
        .evaluateAll((els) => els.map((el) => Number(el.tagName[1])));
      expect(levels[0]).toBe(1);
      for (let i = 1; i < levels.length; i++)
        expect((levels[i] as number) - (levels[i - 1] as number)).toBeLessThanOrEqual(1);
    });
  });

  // An endless float kept the browser repainting the blurred orb for as long as the page stayed open.
  test('the hero orb floats for two cycles and rests where it started; reduced motion keeps it still', async ({
    page,
  }) => {
    const orb = page.locator('.hero-orb');
    const animations = () =>
      orb.evaluate((el) =>
        el.getAnimations().map((animation) => {
          const timing = animation.effect?.getComputedTiming();
          return {
            name: animation instanceof CSSAnimation ? animation.animationName : '',
            iterations: timing?.iterations,
            duration: timing?.duration,
          };
        }),
      );
    expect(await animations()).toEqual([{ name: 'float', iterations: 2, duration: 6000 }]);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await animations()).toEqual([]);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await animations()).toHaveLength(1);
    // finish() throws on an endless animation; a finished one leaves the orb at its base position.
    await orb.evaluate((el) => el.getAnimations().forEach((animation) => animation.finish()));
    await expect(orb).toHaveCSS('transform', 'none');
    expect(await animations()).toEqual([]);
  });

  test('"Ver Portfolio" takes the visitor to the featured cases', async ({ page }) => {
    await page.getByRole('link', { name: 'Ver Portfolio', exact: true }).click();
    await expect(page).toHaveURL(/#portfolio$/);
    await expect(page.locator('#portfolio h2')).toBeInViewport();
  });

  test('#servicios: a card per service with "Ver Más" to its page, fading in 150 ms apart', async ({ page }) => {
    const section = page.locator('#servicios');
    const cards = section.locator('[data-reveal-stagger="150"] > article');
    await expect(cards).toHaveCount(SERVICES.length);
    const linkLabel = pageSection('home', 'servicios').linkLabel;
    for (const [index, { title, link }] of SERVICES.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(title);
      await expect(card.getByRole('link', { name: title })).toHaveAttribute('href', link);
      await expect(card).toContainText(linkLabel);
    }
    await section.scrollIntoViewIfNeeded();
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards.last()).toHaveClass(/is-visible/);
    const delays = await cards.evaluateAll((elements) =>
      elements.map((el) => (el as HTMLElement).style.getPropertyValue('--reveal-delay')),
    );
    expect(delays).toEqual(SERVICES.map((_, index) => `${index * 150}ms`));
  });
});
