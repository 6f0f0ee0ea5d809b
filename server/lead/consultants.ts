/**
 * Who meets the client (`nombre_consultor`, `puesto_consultor`) and who the internal message recommends
 * (`consultor_recomendado`), by the kind of work asked for.
 */
import type { EmailLead } from './fields.ts';

export interface Consultant {
  name: string;
  role: string;
}

/**
 * Product, architecture and cloud are the leaders shown in the home page's team section
 * (content/team/*.yaml; consultants.test.ts keeps names and roles in step); sales is the commercial lead.
 */
export const CONSULTANTS = {
  sales: { name: 'Carlos Méndez', role: 'Director de Relación con Clientes' },
  product: { name: 'Mariana Cruz', role: 'Directora de Diseño de Producto' },
  architecture: { name: 'Daniela Ortega', role: 'Directora de Tecnología' },
  cloud: { name: 'Rodrigo Salinas', role: 'Líder de Ingeniería Cloud' },
} as const satisfies Record<string, Consultant>;

const BY_SERVICE_TYPE: Record<string, Consultant> = {
  'cloud-migration': CONSULTANTS.cloud,
  'infrastructure-audit': CONSULTANTS.cloud,
  'migration-strategy': CONSULTANTS.cloud,
  integrations: CONSULTANTS.architecture,
  architecture: CONSULTANTS.architecture,
  performance: CONSULTANTS.architecture,
  'security-audit': CONSULTANTS.architecture,
};

const BY_PROJECT_TYPE: Record<string, Consultant> = {
  'web-app': CONSULTANTS.product,
  'mobile-app': CONSULTANTS.product,
  ecommerce: CONSULTANTS.product,
  'cms-to-code': CONSULTANTS.product,
  'enterprise-system': CONSULTANTS.architecture,
  'data-ai': CONSULTANTS.architecture,
  integrations: CONSULTANTS.architecture,
  'cloud-native': CONSULTANTS.cloud,
};

/** The consultant for a lead: by service type, else by project type, else the client-relations lead. */
export function consultantFor(lead: Pick<EmailLead, 'fields'>): Consultant {
  const { serviceType, projectType } = lead.fields;
  return (
    (serviceType ? BY_SERVICE_TYPE[serviceType] : undefined) ??
    (projectType ? BY_PROJECT_TYPE[projectType] : undefined) ??
    CONSULTANTS.sales
  );
}
