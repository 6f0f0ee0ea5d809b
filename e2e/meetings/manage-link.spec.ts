/**
 * A booked meeting managed from the link in its e-mail, against the real server, on desktop and on a
 * phone: the link read from the written .eml, the meeting shown in Mexican Spanish (and in the visitor's
 * own zone when it differs), "Reprogramar" with the forms' picker and the server's slots (a slot taken
 * meanwhile reopens it), "Cancelar" behind a confirmation, the states of an unknown link, axe, and the
 * page's first load within the site's budgets with no React until the visitor acts; the link's token leaves
 * the address bar once read and no request of the page carries it in a Referer.
 */
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { formatAppointmentLong } from '../../core/dates.ts';
import { formatKb } from '../../src/lib/budgets.ts';
import { axeViolations } from '../support/axe.ts';
import { ROUTES } from '../../core/routes.ts';
import { expect, test } from '../support/fixtures.ts';
import { manageLinkOf } from '../support/manage-link.ts';
import { watchPage } from '../support/page-weight.ts';
import { DAY, isBooked, nthOpenDay, type OpenDay } from '../forms/support.ts';
import { pageLabels } from '../visitor/content.ts';

const KIB = 1024;
/** The reschedule dialog's title (content/pages/reunion.yaml). */
const RESCHEDULE_TITLE = pageLabels('reunion')('rescheduleTitle');

/** Books `slot` through the API, as the forms do, and returns the lead id. */
async function book(request: APIRequestContext, slot: string, email: string): Promise<number> {
  const answer = await request.post('/api/webSite/contactSmall', {
    data: {
      name: 'Valeria Núñez',
      email,
      message: 'Queremos digitalizar nuestras cotizaciones.',
      appointmentDate: slot,
    },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

async function reschedule(page: Page, date: string, time: string): Promise<void> {
  await page.getByRole('button', { name: 'Reprogramar' }).click();
  const dialog = page.getByRole('dialog', { name: RESCHEDULE_TITLE });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Fecha', { exact: true }).fill(date);
  await dialog.getByRole('button', { name: time, exact: true }).click();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
}

async function openDays(request: APIRequestContext, n: number): Promise<[OpenDay, OpenDay]> {
  return [await nthOpenDay(request, n), await nthOpenDay(request, n + 10)];
}

test('desktop: the link shows the meeting within budget, moves it and cancels it', async ({
  page,
  request,
  baseURL,
}) => {
  const [day, later] = await openDays(request, DAY.meetingDesktop);
  const slot = `${day.date}T${day.slots[0] ?? ''}`;
  const id = await book(request, slot, 'valeria.escritorio@cotizaya.mx');
  const link = await manageLinkOf(id, ROUTES.meeting);

  const traffic = watchPage(page, new URL(baseURL as string).origin);
  const token = new URL(link, baseURL).searchParams.get('t') ?? '';
  // The requests of the page's first load (its styles, scripts and preloaded fonts) carry no Referer. A
  // font face first used later (after a click) still goes out with the link's address as Referer in
  // Chromium, whatever the policy: same origin only, and not checked here.
  const referers: string[] = [];
  const urls: string[] = [];
  const onRequest = (request: Request) => {
    urls.push(request.url());
    void request.headerValue('referer').then((value) => {
      if (value) referers.push(`${value} -> ${request.url()}`);
    });
  };
  page.on('request', onRequest);
  const response = await page.goto(link);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  const meeting = page.getByRole('article', { name: 'Los datos de tu reunión' });
  await expect(meeting).toContainText(formatAppointmentLong(slot));
  expect(token).toHaveLength(43);
  expect(page.url()).not.toContain(token);
  await expect(meeting).toContainText('Carlos Méndez, Director de Relación con Clientes');
  await expect(meeting).toContainText(`CONT-${id}`);
  await expect(meeting.getByRole('link', { name: 'Entrar a la videollamada' })).toHaveAttribute(
    'href',
    /^https:\/\/meet\.jit\.si\/angram-[0-9a-f]{32}$/,
  );
  // Mexico City is this browser's zone: no second time.
  await expect(meeting.getByText('En tu zona horaria')).toBeHidden();
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  expect(referers.filter((referer) => referer.includes(token))).toEqual([]);
  // The meeting is read with the token in a header: no request after the link's own carries it in its URL.
  expect(urls.slice(1).filter((url) => url.includes(token))).toEqual([]);

  // First load: the page, its fonts, styles and one small script; React waits for "Reprogramar".
  const received = await Promise.all([...traffic.transfers]);
  const total = received.reduce((sum, transfer) => sum + transfer.bytes, 0);
  const scripts = received.filter((transfer) => transfer.type === 'script');
  const js = scripts.reduce((sum, transfer) => sum + transfer.bytes, 0);
  test.info().annotations.push({ type: 'primera carga', description: `total ${formatKb(total)}, JS ${formatKb(js)}` });
  expect(total, `primera carga: ${formatKb(total)}`).toBeLessThanOrEqual(75 * KIB);
  expect(js, `JavaScript de la primera carga: ${formatKb(js)}`).toBeLessThanOrEqual(12 * KIB);
  expect(scripts.map((transfer) => transfer.path).filter((path) => /react|DateTimePicker/i.test(path))).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);

  // Move it to another day: the picker offers the server's free slots.
  const newSlot = `${later.date}T${later.slots[1] ?? ''}`;
  await reschedule(page, later.date, later.slots[1] ?? '');
  await expect(meeting.getByRole('status')).toHaveText(
    'Listo: tu reunión cambió de horario. Te enviamos la invitación actualizada por correo.',
  );
  await expect(meeting).toContainText(formatAppointmentLong(newSlot));
  expect(isBooked(newSlot)).toBe(true);
  expect(isBooked(slot)).toBe(false);
  expect(await axeViolations(page)).toEqual([]);

  // Cancel: nothing happens until the confirmation.
  await page.getByRole('button', { name: 'Cancelar la reunión' }).click();
  await expect(page.getByText('¿Seguro? El horario quedará libre para alguien más.')).toBeFocused();
  await page.getByRole('button', { name: 'No, conservarla' }).click();
  await expect(page.getByRole('button', { name: 'Cancelar la reunión' })).toBeFocused();
  expect(isBooked(newSlot)).toBe(true);
  await page.getByRole('button', { name: 'Cancelar la reunión' }).click();
  await page.getByRole('button', { name: 'Sí, cancelar la reunión' }).click();
  await expect(meeting.getByRole('status')).toHaveText(
    'Listo: tu reunión quedó cancelada y el horario se liberó. Te lo confirmamos por correo.',
  );
  await expect(meeting).toContainText('Cancelada');
  await expect(meeting.getByRole('link', { name: 'Agendar otra reunión' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reprogramar' })).toBeHidden();
  expect(isBooked(newSlot)).toBe(false);

  // Reloading (the token now kept by the tab) shows the cancelled meeting and changes nothing.
  await page.reload();
  await expect(meeting).toContainText('Esta reunión está cancelada y su horario quedó libre.');
});

test.describe('a link that opens nothing', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('an unknown or incomplete link says so', async ({ page }) => {
    await page.goto(`/reunion?t=${'x'.repeat(43)}`);
    await expect(page.getByRole('heading', { name: 'No encontramos esta reunión' })).toBeVisible();
    await page.goto('/reunion');
    await expect(page.getByRole('heading', { name: 'No encontramos esta reunión' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('on a phone, in another time zone, by keyboard', () => {
  test.use({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Europe/Madrid',
    allowedConsoleErrors: [/status of 409/],
  });

  test('shows both times, reopens the picker when the slot was just taken, moves and cancels', async ({
    page,
    request,
  }) => {
    const [day, later] = await openDays(request, DAY.meetingPhone);
    const slot = `${day.date}T${day.slots[0] ?? ''}`;
    const id = await book(request, slot, 'valeria.telefono@cotizaya.mx');
    await page.goto(await manageLinkOf(id, ROUTES.meeting));
    const meeting = page.getByRole('article', { name: 'Los datos de tu reunión' });
    await expect(meeting).toContainText(formatAppointmentLong(slot));
    await expect(meeting.getByText('En tu zona horaria')).toBeVisible();
    await expect(meeting).toContainText(
      new Intl.DateTimeFormat('es-MX', {
        timeZone: 'Europe/Madrid',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(`${slot}:00-06:00`)),
    );
    expect(await axeViolations(page)).toEqual([]);

    // Someone books the chosen slot while the picker is open: it reopens on that day's fresh slots.
    const [taken, free] = [later.slots[0] ?? '', later.slots[2] ?? ''];
    const trigger = page.getByRole('button', { name: 'Reprogramar' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: RESCHEDULE_TITLE });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Fecha', { exact: true }).fill(later.date);
    await dialog.getByRole('button', { name: taken, exact: true }).click();
    await book(request, `${later.date}T${taken}`, 'otra.persona@cotizaya.mx');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Ese horario acaba de ocuparse. Elige otro horario, por favor.');
    await expect(dialog.getByRole('button', { name: taken, exact: true })).toHaveCount(0);
    await dialog.getByRole('button', { name: free, exact: true }).click();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(meeting).toContainText(formatAppointmentLong(`${later.date}T${free}`));
    expect(isBooked(`${later.date}T${free}`)).toBe(true);

    // Cancel with the keyboard alone.
    await page.getByRole('button', { name: 'Cancelar la reunión' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Sí, cancelar la reunión' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(meeting).toContainText('Cancelada');
    expect(isBooked(`${later.date}T${free}`)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });
});
