/**
 * Who meets the client (`nombre_consultor`, `puesto_consultor`) and who the internal message recommends
 * (`consultor_recomendado`), by the kind of work asked for. Who covers what is content
 * (content/consultants.yaml, checked against the forms' options when it is read).
 */
import type { Consultant, ConsultantDirectory } from '../../core/content/consultants.ts';
import type { Lead } from './model.ts';

export type { Consultant, ConsultantDirectory };

/** The consultant for a lead: by service type, else by project type, else the general consultant. */
export function consultantFor(lead: Pick<Lead, 'fields'>, directory: ConsultantDirectory): Consultant {
  const { serviceType, projectType } = lead.fields;
  return (
    (serviceType ? directory.byServiceType[serviceType] : undefined) ??
    (projectType ? directory.byProjectType[projectType] : undefined) ??
    directory.general
  );
}

/** "Daniela Ortega (Directora de Tecnología)". */
export function consultantLabel(consultant: Consultant): string {
  return `${consultant.name} (${consultant.role})`;
}
