/**
 * Who meets the client (`nombre_consultor`, `puesto_consultor`) and who the internal message recommends
 * (`consultor_recomendado`), by the kind of work asked for.
 */
import type { EmailLead } from './lead.ts';

export interface Consultant {
  name: string;
  role: string;
}

export const CONSULTANTS = {
  sales: { name: 'Mariana Castillo', role: 'Directora de Relación con Clientes' },
  product: { name: 'Carlos Méndez', role: 'Líder de Producto Digital' },
  architecture: { name: 'Sofía Ramírez', role: 'Arquitecta de Software' },
  cloud: { name: 'Javier Ortega', role: 'Especialista Cloud y DevOps' },
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
