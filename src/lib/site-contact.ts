/**
 * Contact details as the built site prints them: content/contact.yaml with the deployment's channels from
 * `astro:env` on top. Astro-only (a virtual module and a read from disk at build time).
 */
import { PUBLIC_CONTACT_EMAIL, PUBLIC_CONTACT_PHONE, PUBLIC_WHATSAPP_NUMBER } from 'astro:env/client';
import { contactDetails } from '../../core/contact.ts';
import { loadContentFacts } from '../../core/content/load.ts';
import { checkExampleData } from '../../core/content/example-data.ts';
import { BUILD_ENV } from './build-env.ts';

const facts = loadContentFacts().contact;
// Every page prints the contact details, so this runs on every build: a warning while the company's legal
// facts are still examples, a stop for a production build.
checkExampleData(facts, BUILD_ENV.siteEnv, (message) => {
  console.warn(`[angram:contenido] ${message}`);
});

export const CONTACT = contactDetails(facts, {
  email: PUBLIC_CONTACT_EMAIL,
  phone: PUBLIC_CONTACT_PHONE,
  whatsappNumber: PUBLIC_WHATSAPP_NUMBER,
});
