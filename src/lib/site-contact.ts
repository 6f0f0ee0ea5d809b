/**
 * Contact details as the built site sees them: `contactDetails()` fed by `astro:env`.
 * Astro-only (imports a virtual module); plain modules and the server call `contactDetails()` themselves.
 */
import { PUBLIC_CONTACT_EMAIL, PUBLIC_CONTACT_PHONE, PUBLIC_WHATSAPP_NUMBER } from 'astro:env/client';
import { contactDetails } from './contact.ts';

export const CONTACT = contactDetails({
  email: PUBLIC_CONTACT_EMAIL,
  phone: PUBLIC_CONTACT_PHONE,
  whatsappNumber: PUBLIC_WHATSAPP_NUMBER,
});
