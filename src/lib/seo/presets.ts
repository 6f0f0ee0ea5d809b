/**
 * The SEO presets of the site: the specification's 18 page families plus `wiki`, and the only place
 * their titles, descriptions and keywords are written. Pages pick a preset and may extend it (see
 * `resolveSeo`); each wiki page overrides title, description and path from its frontmatter.
 */
import { ROUTES } from '../../../core/routes.ts';

export interface SeoPreset {
  /** Path of the page the preset belongs to; `null` for pages without a canonical route (404). */
  path: string | null;
  /** Document title without the brand suffix. */
  title: string;
  /** Meta description, 50-160 characters. */
  description: string;
  keywords: readonly string[];
  /** Social title and description when they should differ from the document ones. */
  ogTitle?: string;
  ogDescription?: string;
  /** Pages that must stay out of search results. */
  noindex?: boolean;
}

export const SEO_PRESETS = {
  home: {
    path: ROUTES.home,
    title: 'Desarrollo de software a la medida en México',
    description:
      'Creamos aplicaciones web, apps móviles, e-commerce y sistemas cloud a la medida para empresas en México. Primera respuesta en menos de 2 horas.',
    keywords: ['desarrollo de software', 'software a la medida', 'agencia de desarrollo México', 'aplicaciones web', 'apps móviles'],
    ogTitle: 'Angram · Desarrollo Sin Límites',
  },
  contact: {
    path: ROUTES.contact,
    title: 'Contacto: cotiza tu proyecto de software',
    description:
      'Cuéntanos tu proyecto y agenda una reunión con nuestro equipo. Respondemos en menos de 2 horas y enviamos una propuesta detallada en 24 horas.',
    keywords: ['contacto', 'cotización de software', 'agendar reunión', 'desarrollo a la medida'],
  },
  startProject: {
    path: ROUTES.startProject,
    title: 'Inicia tu proyecto: reserva tu slot de desarrollo',
    description:
      'Reserva uno de los 3 slots de este ciclo: 20% de descuento y consultoría gratuita. Recibe una estrategia para tu proyecto en 24 horas.',
    keywords: ['iniciar proyecto', 'reservar desarrollo', 'descuento desarrollo de software', 'consultoría gratuita'],
  },
  techConsulting: {
    path: ROUTES.techConsulting,
    title: 'Consultoría tecnológica: arquitectura y rendimiento',
    description:
      'Consultoría en arquitectura de software, optimización de rendimiento, auditoría de seguridad y estrategia de migración, desde $2,000 USD.',
    keywords: ['consultoría tecnológica', 'arquitectura de software', 'auditoría de seguridad', 'optimización de rendimiento'],
  },
  infrastructureAudit: {
    path: ROUTES.infrastructureAudit,
    title: 'Auditoría de infraestructura cloud y on-premise',
    description:
      'Auditoría completa de tu infraestructura en 10 a 14 días: seguridad, costos, rendimiento y disponibilidad, con ROI de 300-500% en 6 meses.',
    keywords: ['auditoría de infraestructura', 'auditoría cloud', 'optimización de costos AWS', 'seguridad de servidores'],
  },
  cloudMigration: {
    path: ROUTES.cloudMigration,
    title: 'Migración a la nube sin interrumpir tu operación',
    description:
      'Migramos tus sistemas a AWS, Google Cloud o Azure con un plan por fases, cero pérdida de datos y mínima interrupción. Solicita tu diagnóstico.',
    keywords: ['migración cloud', 'migración a AWS', 'Google Cloud', 'Azure', 'modernización de sistemas'],
  },
  integrationsConsulting: {
    path: ROUTES.integrationsConsulting,
    title: 'Consultoría de integraciones: ERP, CRM, pagos y APIs',
    description:
      'Conectamos tus sistemas: ERP, CRM, pasarelas de pago, facturación CFDI 4.0 y APIs a la medida. Cuéntanos qué necesitas integrar.',
    keywords: ['integración de sistemas', 'integración ERP', 'API a la medida', 'facturación CFDI', 'integración de pagos'],
  },
  cms: {
    path: ROUTES.cms,
    title: 'De CMS a código: sistemas de gestión de contenido a la medida',
    description:
      'Deja atrás las limitaciones de WordPress y plantillas: un CMS a la medida, rápido, seguro y pensado para tu equipo editorial.',
    keywords: ['CMS a la medida', 'migrar de WordPress', 'headless CMS', 'sistema de gestión de contenido'],
  },
  technologies: {
    path: ROUTES.technologies,
    title: 'Tecnologías: nuestro stack frontend, backend, cloud y móvil',
    description:
      'Las tecnologías que dominamos: React, Astro, Node.js, Go, Python, PostgreSQL, AWS, Kubernetes, Flutter y más, con nivel experto o avanzado.',
    keywords: ['stack tecnológico', 'React', 'Node.js', 'AWS', 'Kubernetes', 'Flutter'],
  },
  integrations: {
    path: ROUTES.integrations,
    title: 'Integraciones: Google, pagos, facturación y más',
    description:
      'Integramos tu software con Google Workspace, pasarelas de pago mexicanas, facturación CFDI 4.0, ERP, CRM y mensajería como WhatsApp Business.',
    keywords: ['integraciones', 'Google Workspace', 'Mercado Pago', 'Conekta', 'CFDI 4.0', 'WhatsApp Business API'],
  },
  process: {
    path: ROUTES.process,
    title: 'Proceso de desarrollo en 5 fases',
    description:
      'Descubrimiento, arquitectura, desarrollo por sprints, lanzamiento y soporte continuo: así entregamos software con 90%+ de cobertura de pruebas.',
    keywords: ['proceso de desarrollo', 'metodología ágil', 'sprints', 'desarrollo de software'],
  },
  portfolio: {
    path: ROUTES.portfolio,
    title: 'Portfolio: casos de éxito en fintech, e-commerce y más',
    description:
      'Seis casos reales: fintech, educación, e-commerce, salud, logística e inmobiliario. Resultados medibles con más de 50 proyectos entregados.',
    keywords: ['portfolio', 'casos de éxito', 'proyectos de software', 'fintech', 'e-commerce'],
  },
  faq: {
    path: ROUTES.faq,
    title: 'Preguntas frecuentes sobre desarrollo de software',
    description:
      'Tiempos, costos, forma de pago 30/40/30, soporte gratuito de 3 meses, garantía de 6 meses y mantenimiento desde 500 USD al mes.',
    keywords: ['preguntas frecuentes', 'costo de desarrollo', 'tiempo de desarrollo', 'garantía de software'],
  },
  webApps: {
    path: ROUTES.webApps,
    title: 'Desarrollo de aplicaciones web a la medida',
    description:
      'Aplicaciones web rápidas, seguras y escalables con React, Astro y Node.js. Portales, SaaS y sistemas internos entregados en 4 a 8 semanas.',
    keywords: ['desarrollo de aplicaciones web', 'SaaS', 'portales web', 'React', 'Node.js'],
  },
  mobileApps: {
    path: ROUTES.mobileApps,
    title: 'Desarrollo de apps móviles iOS y Android',
    description:
      'Apps nativas, multiplataforma con Flutter o React Native, y PWA. Diseño, desarrollo y publicación en App Store y Google Play.',
    keywords: ['desarrollo de apps', 'apps móviles', 'iOS', 'Android', 'Flutter', 'React Native'],
  },
  ecommerce: {
    path: ROUTES.ecommerce,
    title: 'Desarrollo de e-commerce B2C, B2B y marketplaces',
    description:
      'Tiendas en línea que venden: pagos con SPEI, tarjetas y Mercado Pago, facturación CFDI, inventario y envíos integrados. En 8 a 16 semanas.',
    keywords: ['desarrollo ecommerce', 'tienda en línea', 'marketplace', 'B2B', 'pagos en línea México'],
  },
  cloudNative: {
    path: ROUTES.cloudNative,
    title: 'Cloud native: arquitectura, DevOps y Kubernetes',
    description:
      'Arquitecturas cloud native en AWS, Google Cloud y Azure: contenedores, Kubernetes, CI/CD, observabilidad y 99.9% de disponibilidad.',
    keywords: ['cloud native', 'Kubernetes', 'DevOps', 'AWS', 'arquitectura cloud'],
  },
  wiki: {
    path: ROUTES.wikiHome,
    title: 'Wiki Angram: documentación técnica del sitio',
    description:
      'Cómo está hecho el sitio de Angram: arquitectura Astro, islas React, API de leads con SQLite, despliegue, diseño y mantenimiento.',
    keywords: ['documentación técnica', 'Astro', 'wiki para desarrolladores', 'API de leads', 'guía de contenido'],
  },
  notFound: {
    path: null,
    title: 'Página No Encontrada',
    description:
      'La página que buscas no existe o cambió de dirección. Vuelve al inicio o explora nuestros servicios, portfolio y tecnologías.',
    keywords: ['404', 'página no encontrada'],
    noindex: true,
  },
} as const satisfies Record<string, SeoPreset>;

export type SeoPresetKey = keyof typeof SEO_PRESETS;
