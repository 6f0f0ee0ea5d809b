import { test, expect } from './support/fixtures.ts';
import { contactDetails } from '../core/contact.ts';
import { loadContentFacts } from '../core/content/load.ts';

test('footer has the four columns, support e-mail, WhatsApp chat and phone hours', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const title of ['Servicios', 'Tecnologías', 'Recursos', 'Contacto']) {
    await expect(footer.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
  const mail = footer.getByRole('link', { name: /Soporte:/ });
  await expect(mail).toHaveAttribute('href', /^mailto:[^@\s]+@[^@\s]+\.[a-z]+$/);

  const chat = footer.getByRole('link', { name: /WhatsApp/ });
  const href = (await chat.getAttribute('href')) ?? '';
  const url = new URL(href);
  expect(url.origin + url.pathname).toMatch(/^https:\/\/wa\.me\/\d{10,15}$/);
  expect(url.searchParams.get('text')).toMatch(/^Hola Angram/);
  await expect(chat).toHaveAttribute('rel', 'noopener noreferrer');

  await expect(footer).toContainText(contactDetails(loadContentFacts().contact).supportHours);
  await expect(footer.getByRole('link', { name: 'Aplicaciones Web' })).toHaveAttribute(
    'href',
    '/servicios/aplicaciones-web',
  );
  await expect(footer.getByRole('link', { name: 'Preguntas frecuentes' })).toHaveAttribute('href', '/faq');
});
