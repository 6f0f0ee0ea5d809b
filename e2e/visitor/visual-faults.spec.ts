/**
 * The visual faults a new visitor met, each checked at 320, 375 and 1440 px where it showed: the picker's
 * buttons, /reunion's buttons, capitals and dialog title, the wiki's tables and search dialog. Every test
 * also checks that the page does not scroll sideways, and leaves a screenshot in its output folder.
 */
import type { APIRequestContext } from '@playwright/test';
import { PICKER_TEXTS } from '../../src/islands/datetime/picker-texts.ts';
import { DAY, hydratedForm, nthOpenDay, openPickerOn } from '../forms/support.ts';
import { ROUTES } from '../../core/routes.ts';
import { expect, test } from '../support/fixtures.ts';
import { manageLinkOf } from '../support/manage-link.ts';
import { pageLabels } from './content.ts';
import { expectWhollyVisible, scrollsSideways, snapshot, WIDTHS } from './layout.ts';

const label = pageLabels('reunion');

for (const width of WIDTHS) {
  test(`picker at ${width} px: Cancelar and Confirmar share one row, wholly visible`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/consultoria-tecnologica');
    await hydratedForm(page, 'consulting');
    const { date, slots } = await nthOpenDay(request, DAY.visitorPicker);
    const dialog = await openPickerOn(page, date);
    await dialog.getByRole('button', { name: slots[0] ?? '', exact: true }).click();
    const confirm = dialog.getByRole('button', { name: PICKER_TEXTS.confirm });
    const cancel = dialog.getByRole('button', { name: PICKER_TEXTS.cancel });
    await expect(confirm).toBeEnabled();
    await expectWhollyVisible(page, confirm, dialog);
    await expectWhollyVisible(page, cancel, dialog);
    const [confirmBox, cancelBox] = [await confirm.boundingBox(), await cancel.boundingBox()];
    expect(Math.abs((confirmBox?.y ?? 0) - (cancelBox?.y ?? 1))).toBeLessThan(1);
    expect(await scrollsSideways(page)).toBe(false);
    await snapshot(page, `picker-${width}`);
  });

  test(`wiki at ${width} px: a wide table scrolls inside its own box, never the page`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/wikiangram/overview');
    const table = page.locator('.wiki-table').first();
    await table.scrollIntoViewIfNeeded();
    await expectWhollyVisible(page, table);
    expect(await scrollsSideways(page)).toBe(false);
    const scrolls = await table.evaluate((box) => box.scrollWidth > box.clientWidth);
    if (scrolls) {
      // The hidden columns are reachable by scrolling the table (and by keyboard: it takes the focus).
      await table.evaluate((box) => box.scrollBy({ left: box.scrollWidth }));
      expect(await table.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
      await expect(table).toHaveAttribute('tabindex', '0');
    }
    expect(await scrollsSideways(page)).toBe(false);
    await snapshot(page, `wiki-table-${width}`);
  });
}

test.describe('wiki search on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test('one close button, and no keyboard shortcuts to press', async ({ page }) => {
    await page.goto('/wikiangram/overview');
    await expect(page.locator('main')).not.toContainText('Presiona Ctrl');
    await page.getByRole('button', { name: 'Buscar en la wiki' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buscar en la wiki' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('searchbox').fill('puerto');
    await expect(dialog.getByRole('button', { name: 'Cerrar la búsqueda' })).toHaveCount(1);
    // The browser's own clear (×) of a search field would be a second close icon beside ours: a rule of
    // the page's styles that reaches this field turns it off (getComputedStyle cannot read that part).
    const clearHidden = await dialog.getByRole('searchbox').evaluate((input) => {
      const hides = (rule: CSSRule): boolean => {
        if (rule instanceof CSSStyleRule)
          return rule.selectorText.split(',').some((selector) => {
            const [field, pseudo] = selector.split('::');
            return (
              pseudo?.trim() === '-webkit-search-cancel-button' &&
              input.matches(field ?? '') &&
              rule.style.appearance === 'none'
            );
          });
        // Rules inside @layer and @media blocks.
        return 'cssRules' in rule && [...(rule as CSSGroupingRule).cssRules].some(hides);
      };
      return [...document.styleSheets].some((sheet) => [...sheet.cssRules].some(hides));
    });
    expect(clearHidden).toBe(true);
    await expect(dialog.locator('.wiki-keyboard-hint')).toBeHidden();
    expect(await scrollsSideways(page)).toBe(false);
    await snapshot(page, 'wiki-search-375');
  });
});

test('wiki search on a computer keeps its keyboard hints', async ({ page }) => {
  await page.goto('/wikiangram/overview');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Buscar en la wiki' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.wiki-keyboard-hint')).toBeVisible();
});

/** Books `slot` through the API, as the forms do, and returns the lead id. */
async function book(request: APIRequestContext, slot: string, email: string): Promise<number> {
  const answer = await request.post('/api/webSite/contactSmall', {
    data: {
      name: 'Itzel Carrasco',
      email,
      message: 'Queremos cotizar una app para nuestros técnicos.',
      appointmentDate: slot,
    },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

for (const width of [375, 1440] as const) {
  test(`/reunion at ${width} px: buttons in line, a danger button to cancel, capitals, one message`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { date, slots } = await nthOpenDay(request, width === 375 ? DAY.visitorReunionPhone : DAY.visitorReunion);
    const id = await book(request, `${date}T${slots[0] ?? ''}`, `itzel.${width}@tecnicosdelbajio.mx`);
    await page.goto(await manageLinkOf(id, ROUTES.meeting));
    const meeting = page.getByRole('article', { name: label('meetingTitle') });
    await expect(meeting).toBeVisible();

    // The time starts each of its fields with a capital; inside a sentence it stays lowercase.
    const when = meeting.locator('[data-field="when"]');
    await expect(when).toHaveText(/^(lunes|martes|miércoles|jueves|viernes), /);
    expect(
      await when.evaluate((element) => ({
        display: getComputedStyle(element).display,
        first: getComputedStyle(element, '::first-letter').textTransform,
      })),
    ).toEqual({ display: 'block', first: 'uppercase' });

    // The two buttons that change the meeting share one row at one height; the calendar link sits with the time.
    const actions = [
      meeting.getByRole('button', { name: label('reschedule') }),
      meeting.getByRole('button', { name: label('cancel') }),
    ];
    const boxes = await Promise.all(actions.map((action) => action.boundingBox()));
    for (const action of actions) await expectWhollyVisible(page, action, meeting);
    expect(Math.abs((boxes[0]?.height ?? 0) - (boxes[1]?.height ?? 1))).toBeLessThan(0.5);
    const [first, second] = [boxes[0], boxes[1]];
    const oneRow = Math.abs((first?.y ?? 0) - (second?.y ?? 1)) < 0.5;
    // On a phone they stack, each the full width of the card.
    const oneColumn = first?.x === second?.x && first?.width === second?.width;
    expect(width === 1440 ? oneRow : oneColumn, JSON.stringify(boxes)).toBe(true);
    const calendar = meeting.getByRole('link', { name: label('addToCalendar') });
    await expect(calendar).toBeVisible();
    expect(await calendar.evaluate((link) => link.closest('dd')?.querySelector('[data-field="when"]') !== null)).toBe(
      true,
    );
    await expectWhollyVisible(page, calendar, meeting);
    expect(await scrollsSideways(page)).toBe(false);
    await snapshot(page, `reunion-${width}`);

    // Rescheduling names the meeting's current time, in a sentence (lowercase weekday).
    await meeting.getByRole('button', { name: label('reschedule') }).click();
    const dialog = page.getByRole('dialog', { name: label('rescheduleTitle') });
    await expect(dialog).toBeVisible();
    const current = label('rescheduleCurrent').replace('{fecha}', (await when.textContent()) ?? '');
    await expect(dialog).toContainText(current);
    await expect(dialog).toContainText(/el (lunes|martes|miércoles|jueves|viernes), /);
    await snapshot(page, `reunion-reschedule-${width}`);
    await dialog.getByRole('button', { name: PICKER_TEXTS.cancel }).click();

    // Cancelling: the irreversible button in the danger colour, and the outcome said once.
    await meeting.getByRole('button', { name: label('cancel') }).click();
    const yes = meeting.getByRole('button', { name: label('confirmYes') });
    expect(await yes.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(185, 28, 28)');
    await expectWhollyVisible(page, yes, meeting);
    await snapshot(page, `reunion-confirm-${width}`);
    await yes.click();
    await expect(meeting.getByRole('status')).not.toBeEmpty();
    await expect(meeting.getByText(label('cancelledText')).filter({ visible: true })).toHaveCount(0);
    await expect(calendar).toBeHidden();
  });
}
