/**
 * `content/consultants.yaml`: who meets each client (`nombre_consultor`, `puesto_consultor` in the e-mails)
 * and whom the internal message recommends, by the project type or the consulting service asked for. The
 * specialists are people of `content/team/` (their name and role come from there); the general consultant
 * takes the leads no specialist covers. Every project type of the forms and every consulting service goes
 * to exactly one person: a new option nobody covers, an id the forms do not have, or a member who is not on
 * the team fails the build and the server's start with the file and the field to fix.
 */
import { z } from 'zod';
import { list, strict, text } from './common.ts';

export const CONSULTANTS_FILE = 'content/consultants.yaml';
export const TEAM_DIR = 'content/team';

const optionIds = (what: string) => list(text(what), 1).optional();
const accountEmail = z
  .email('Se espera el correo de su cuenta en la bandeja, como daniela.ortega@angram.mx')
  .transform((value) => value.toLowerCase())
  .optional();

export const consultantsSchema = strict({
  general: strict({
    name: text('el nombre de quien atiende lo que ningún especialista cubre'),
    role: text('su puesto'),
    projectTypes: optionIds('un id de proyects de content/form-options.yaml'),
    email: accountEmail,
  }),
  specialists: list(
    strict({
      member: text('el archivo de content/team/ sin .yaml, como "daniela-ortega"'),
      email: accountEmail,
      projectTypes: optionIds('un id de proyects de content/form-options.yaml'),
      serviceTypes: optionIds('un id de servicio de consultoría'),
    }),
    1,
  ),
});

export type ConsultantsFile = z.output<typeof consultantsSchema>;

/** A team member's file as far as the consultants need it (the site's schema checks the rest). */
export const teamMemberSchema = z.object({ name: text('el nombre'), role: text('el puesto') });

export interface Consultant {
  name: string;
  role: string;
  /** Their inbox account's address, when they have one: their project types' leads are assigned to it. */
  email?: string;
}

/** Who attends what, resolved: a consultant per project type and per service, and the general one. */
export interface ConsultantDirectory {
  general: Consultant;
  byProjectType: Readonly<Record<string, Consultant>>;
  byServiceType: Readonly<Record<string, Consultant>>;
}

/** A problem of the file: the field it is in (`specialists[1].projectTypes[0]`) and what is wrong. */
export interface ConsultantProblem {
  path: Array<string | number>;
  message: string;
}

export interface ConsultantOptions {
  /** Ids of the forms' project types (`proyects` of content/form-options.yaml). */
  projectTypes: readonly string[];
  /** Ids of every consulting service a form may send (the offers and the dedicated forms' services). */
  serviceTypes: readonly string[];
  /** Team members by file name. */
  team: ReadonlyMap<string, Consultant>;
}

const quoted = (ids: Iterable<string>) => [...ids].map((id) => `"${id}"`).join(', ');

/**
 * Resolves the file against the forms' options and the team, or lists every problem (all at once, so an
 * editor fixes them in one go).
 */
export function resolveConsultants(
  file: ConsultantsFile,
  options: ConsultantOptions,
): { ok: true; directory: ConsultantDirectory } | { ok: false; problems: ConsultantProblem[] } {
  const problems: ConsultantProblem[] = [];
  const byProjectType: Record<string, Consultant> = {};
  const byServiceType: Record<string, Consultant> = {};

  function assign(
    ids: readonly string[] | undefined,
    known: readonly string[],
    target: Record<string, Consultant>,
    consultant: Consultant,
    path: Array<string | number>,
    what: string,
  ): void {
    for (const [index, id] of (ids ?? []).entries()) {
      if (!known.includes(id)) {
        problems.push({ path: [...path, index], message: `"${id}" no es ${what}: los válidos son ${quoted(known)}` });
      } else if (target[id]) {
        problems.push({
          path: [...path, index],
          message: `"${id}" ya lo atiende ${target[id].name}: va con una sola persona`,
        });
      } else {
        target[id] = consultant;
      }
    }
  }

  const withEmail = (consultant: Consultant, email: string | undefined): Consultant =>
    email ? { ...consultant, email } : consultant;
  const general = withEmail({ name: file.general.name, role: file.general.role }, file.general.email);
  const projects = (ids: readonly string[] | undefined, consultant: Consultant, path: Array<string | number>) =>
    assign(ids, options.projectTypes, byProjectType, consultant, [...path, 'projectTypes'], 'un tipo de proyecto');
  const services = (ids: readonly string[] | undefined, consultant: Consultant, path: Array<string | number>) =>
    assign(
      ids,
      options.serviceTypes,
      byServiceType,
      consultant,
      [...path, 'serviceTypes'],
      'un servicio de consultoría',
    );

  projects(file.general.projectTypes, general, ['general']);
  let missingMember = false;
  for (const [index, specialist] of file.specialists.entries()) {
    const found = options.team.get(specialist.member);
    const member = found && withEmail(found, specialist.email);
    if (!member) {
      missingMember = true;
      problems.push({
        path: ['specialists', index, 'member'],
        message: `"${specialist.member}" no está en ${TEAM_DIR}/: las personas son ${quoted(options.team.keys())}`,
      });
      continue;
    }
    projects(specialist.projectTypes, member, ['specialists', index]);
    services(specialist.serviceTypes, member, ['specialists', index]);
  }
  // With a member missing, their options look unattended too; the missing member is the one thing to fix.
  if (!missingMember) {
    const projectGap = options.projectTypes.filter((id) => !byProjectType[id]);
    if (projectGap.length > 0)
      problems.push({
        path: ['general', 'projectTypes'],
        message: `Nadie atiende ${quoted(projectGap)}: agrégalos a un especialista o a general`,
      });
    const serviceGap = options.serviceTypes.filter((id) => !byServiceType[id]);
    if (serviceGap.length > 0)
      problems.push({
        path: ['specialists'],
        message: `Ningún especialista atiende ${quoted(serviceGap)}: agrégalos a los serviceTypes de alguien`,
      });
  }
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, directory: { general, byProjectType, byServiceType } };
}
