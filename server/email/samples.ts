/**
 * Six example submissions for the wiki's e-mail previews (page `email-template`): the four kinds of lead,
 * client and internal versions. Importing this module has no side effects and needs no database.
 */
import type { Lead } from '../lead/model.ts';
import { emailSettings, type EmailSettings } from './settings.ts';
import type { Audience } from './subjects.ts';
import type { EmailMessage } from './message.ts';
import { buildEmailMessages } from './templates.ts';

export interface EmailPreviewSample {
  /** Stable slug, usable as a file or anchor name. */
  id: string;
  title: string;
  /** Which of the two messages the preview shows. */
  audience: Audience;
  lead: Lead;
}

export const EMAIL_PREVIEW_SAMPLES: readonly EmailPreviewSample[] = [
  {
    id: 'contacto-rapido-cliente',
    title: 'Contacto rápido (tipo 1), mensaje al cliente con reunión',
    audience: 'client',
    lead: {
      id: 1041,
      kind: 'small',
      originPage: '/',
      receivedAt: '2026-11-23T16:12:00.000Z',
      fields: {
        name: 'Lucía Hernández',
        email: 'lucia.hernandez@ferremax.mx',
        company: 'Ferremax',
        message:
          'Tenemos 12 sucursales y llevamos el inventario en Excel. Queremos una app web para controlarlo en tiempo real.',
        appointmentDate: '2026-11-25T10:00',
      },
    },
  },
  {
    id: 'contacto-completo-interno',
    title: 'Contacto completo (tipo 2), mensaje interno',
    audience: 'internal',
    lead: {
      id: 1042,
      kind: 'big',
      originPage: '/contacto',
      receivedAt: '2026-11-23T18:40:00.000Z',
      fields: {
        name: 'Jorge Treviño',
        email: 'jtrevino@logisticadelnorte.com.mx',
        company: 'Logística del Norte',
        phone: '+528187654321',
        projectType: 'mobile-app',
        budget: '300k-700k',
        timeline: '3-6-months',
        message:
          'Necesitamos una app para que nuestros 80 operadores registren entregas con foto y firma, y que el cliente vea el estatus en línea. Hoy todo es por llamadas y WhatsApp.',
      },
    },
  },
  {
    id: 'iniciar-proyecto-cliente',
    title: 'Iniciar proyecto (tipo 3), mensaje al cliente con reunión',
    audience: 'client',
    lead: {
      id: 1043,
      kind: 'project',
      originPage: '/iniciar-proyecto',
      receivedAt: '2026-11-24T15:05:00.000Z',
      fields: {
        name: 'Ana Sofía Gutiérrez',
        email: 'ana@cafeorigen.mx',
        company: 'Café Origen',
        phone: '+523312345678',
        projectType: 'ecommerce',
        budget: '100k-300k',
        timeline: '1-3-months',
        urgency: 'high',
        description:
          'Tienda en línea para vender café de especialidad por suscripción, con pagos con tarjeta y OXXO y facturación CFDI.',
        currentSituation:
          'Vendemos por Instagram y cobramos por transferencia; llevamos los pedidos en una hoja de cálculo.',
        appointmentDate: '2026-11-26T12:00',
      },
    },
  },
  {
    id: 'iniciar-proyecto-interno',
    title: 'Iniciar proyecto (tipo 3), mensaje interno con reunión',
    audience: 'internal',
    lead: {
      id: 1044,
      kind: 'project',
      originPage: '/iniciar-proyecto',
      receivedAt: '2026-11-24T17:30:00.000Z',
      fields: {
        name: 'Ricardo Salinas Peña',
        email: 'rsalinas@clinicasvida.mx',
        company: 'Clínicas Vida',
        phone: '+525598765432',
        projectType: 'enterprise-system',
        budget: '1500k-plus',
        timeline: '3-6-months',
        urgency: 'critical',
        description:
          'Expediente clínico electrónico para 9 clínicas, con agenda de citas, recetas y conexión con laboratorios. Debe cumplir la NOM-024-SSA3.',
        currentSituation: 'Cada clínica usa un sistema distinto y los expedientes no se comparten entre sucursales.',
        appointmentDate: '2026-11-27T09:00',
      },
    },
  },
  {
    id: 'consultoria-cliente',
    title: 'Consultoría: auditoría de infraestructura (tipo 4), mensaje al cliente',
    audience: 'client',
    lead: {
      id: 1045,
      kind: 'consultancy',
      originPage: '/auditoria-infraestructura',
      receivedAt: '2026-11-25T16:45:00.000Z',
      fields: {
        serviceType: 'infrastructure-audit',
        name: 'Patricia Olvera',
        email: 'polvera@grupoaltiplano.mx',
        company: 'Grupo Altiplano',
        phone: '+524421234567',
        currentInfrastructure: 'vps-dedicated',
        userCount: '1001-10000',
        challenges: 'El sistema se cae en quincena y la factura de servidores subió 40% este año.',
        goals: 'Saber qué cambiar para aguantar los picos y bajar costos sin migrar todo de golpe.',
        currentSituation: 'Cuatro servidores dedicados con Windows Server 2012 y SQL Server, sin respaldos probados.',
      },
    },
  },
  {
    id: 'migracion-cloud-interno',
    title: 'Migración a la nube (tipo 4), mensaje interno',
    audience: 'internal',
    lead: {
      id: 1046,
      kind: 'consultancy',
      originPage: 'Desconocida',
      receivedAt: '2026-11-25T19:20:00.000Z',
      fields: {
        serviceType: 'cloud-migration',
        name: 'Fernando Aguilar',
        email: 'faguilar@distribuidoramaya.com',
        company: 'Distribuidora Maya',
        currentInfrastructure: 'on-premise',
        systemType: 'erp',
        userCount: '101-1000',
        budget: '30k-60k',
        timeline: '2-4-months',
        challenges:
          'El ERP corre en un servidor de 2014 en la oficina de Mérida; si se va la luz, se detienen las ventas.',
        goals: 'Llevar el ERP a la nube con respaldos diarios y acceso seguro desde las tres sucursales.',
      },
    },
  },
];

/** Settings used for the previews: the content and the product's defaults (no environment). */
export const PREVIEW_SETTINGS: EmailSettings = emailSettings();

export interface EmailPair {
  client: EmailMessage;
  internal: EmailMessage;
}

export function renderEmailPair(
  sample: Pick<EmailPreviewSample, 'lead'>,
  settings: EmailSettings = PREVIEW_SETTINGS,
): EmailPair {
  const [client, internal] = buildEmailMessages(sample.lead, settings);
  return { client, internal };
}

/** The message a sample previews (its `audience`). */
export function renderEmailPreview(
  sample: EmailPreviewSample,
  settings: EmailSettings = PREVIEW_SETTINGS,
): EmailMessage {
  return renderEmailPair(sample, settings)[sample.audience];
}
