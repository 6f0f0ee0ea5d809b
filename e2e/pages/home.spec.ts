import { groupByCategory } from '../../src/lib/tech-stack.ts';
import {
  CASES,
  CONTACT_EMAIL,
  MARKETING_STATS,
  pageCopy,
  pageSection,
  PHASES,
  SERVICES,
  TEAM,
  TECHNOLOGIES,
  TECHNOLOGY_LABELS,
  TESTIMONIALS,
} from '../support/content.ts';
import { test, expect } from '../support/fixtures.ts';
import { jsonLdNodes } from './jsonld.ts';

const HERO = pageCopy('home').hero;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The hero's second button, which scrolls to the featured cases. */
const portfolioButton = () => HERO.actions?.[1] ?? { label: '', href: '' };

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
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO.title);
      await expect(page.locator('h1')).toHaveCount(1);
      const actions = HERO.actions ?? [];
      expect(actions.length, 'los botones del hero en content/pages/home.yaml').toBeGreaterThan(0);
      for (const { label, href } of actions) {
        await expect(page.getByRole('link', { name: label, exact: true }).first()).toHaveAttribute('href', href);
      }
      // The buttons fade in when 30% of them is visible.
      const start = page.getByRole('link', { name: actions[0]?.label ?? '', exact: true }).first();
      await expect(start.locator('xpath=..')).toHaveAttribute('data-reveal-threshold', '0.3');
      const figures = page.locator('dl').first();
      await expect(figures.locator('dd')).toHaveText(MARKETING_STATS.map((stat) => stat.value));
      for (const { value, label } of MARKETING_STATS) {
        await expect(figures.locator('div', { hasText: label }).locator('dd')).toHaveText(value);
      }
    });

    await test.step('why us: the pillars', async () => {
      const section = page.locator('#por-que-nosotros');
      const pillars = pageSection('home', 'por-que-nosotros').items.map((item) => item.title ?? '');
      await expect(section.getByRole('heading', { level: 3 })).toHaveText(pillars);
    });

    await test.step('#portfolio: the featured cases with two metrics, tech tags, their link and the portfolio link', async () => {
      const section = page.locator('#portfolio');
      const copy = pageSection('home', 'portfolio');
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
        await expect(card).toContainText(copy.linkLabel);
      }
      // Each card shows its case's first two figures, not the third, and its first technology.
      for (const { id, metrics, tech } of featured) {
        const card = section.locator('article', { has: page.locator(`a[href="/portfolio/${id}"]`) });
        await expect(card.locator('dd')).toHaveText(metrics.slice(0, 2));
        await expect(card.getByRole('list', { name: 'Tecnologías' })).toContainText(tech[0] ?? '');
      }
      await expect(section.locator('[data-reveal-stagger="200"] > [data-reveal]')).toHaveCount(featured.length);
      for (const { label, href } of copy.actions) {
        await expect(section.getByRole('link', { name: label })).toHaveAttribute('href', href);
      }
    });

    await test.step('#stack groups the technologies as Frontend, Backend, Cloud and Mobile', async () => {
      const section = page.locator('#stack');
      const groups = groupByCategory(TECHNOLOGIES);
      await expect(section.getByRole('heading', { level: 3 })).toHaveText(
        groups.map(({ category }) => TECHNOLOGY_LABELS[category]),
      );
      for (const { category, items } of groups) {
        const region = section.getByRole('region', { name: TECHNOLOGY_LABELS[category] });
        await expect(region.getByRole('listitem')).toHaveCount(items.length);
        for (const { name } of items) await expect(region).toContainText(name);
      }
      for (const { label, href } of pageSection('home', 'stack').actions) {
        await expect(section.getByRole('link', { name: label })).toHaveAttribute('href', href);
      }
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
      for (const { label, href } of pageSection('home', 'proceso').actions) {
        await expect(page.locator('#proceso').getByRole('link', { name: label })).toHaveAttribute('href', href);
      }
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
      const caseLink = escapeRegExp(pageSection('home', 'portfolio').linkLabel);
      for (const { name, project } of TESTIMONIALS) {
        await expect(section).toContainText(name);
        // The link names its case after the label, so a screen reader's list of links tells them apart.
        const story = CASES.find((entry) => entry.id === project);
        expect(story, `el caso del testimonio de ${name}`).toBeDefined();
        await expect(
          section.getByRole('link', { name: new RegExp(`^${caseLink}\\s*: ${escapeRegExp(story?.title ?? '')}`) }),
        ).toHaveAttribute('href', `/portfolio/${project}`);
      }
    });

    await test.step('#contacto holds the small form and the response promises', async () => {
      const section = page.locator('#contacto');
      await expect(
        section.getByRole('heading', { level: 2, name: pageSection('home', 'contacto').title }),
      ).toBeVisible();
      await expect(section.locator('[data-form="small"]')).toBeVisible();
      const promises = pageSection('contacto', 'promesas').items;
      expect(promises.length, 'los tiempos de content/pages/contacto.yaml').toBeGreaterThan(0);
      for (const { title, value } of promises) {
        await expect(section).toContainText(title ?? '');
        await expect(section).toContainText(value ?? '');
      }
    });

    await test.step('structured data: the Organization', async () => {
      const organization = (await jsonLdNodes(page)).find((node) => node['@type'] === 'Organization');
      expect(organization?.name).toBe('Angram');
      expect(organization?.email).toBe(CONTACT_EMAIL);
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

  test("the hero's portfolio button takes the visitor to the featured cases", async ({ page }) => {
    const { label, href } = portfolioButton();
    await page.getByRole('link', { name: label, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(href)}$`));
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
