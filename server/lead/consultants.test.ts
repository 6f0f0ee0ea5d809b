import { describe, expect, it } from 'vitest';
import { resolveConsultants, type ConsultantsFile } from '../../core/content/consultants.ts';
import { loadContentFacts } from '../../core/content/load.ts';
import { LEAD_FORMS } from '../../core/forms/kinds.ts';
import { consultantFor } from './consultants.ts';

const facts = loadContentFacts();
const { consultants } = facts;

describe('consultants', () => {
  it('give every project type and every consulting service of the forms to someone', () => {
    for (const option of facts.lists.proyects) expect(consultants.byProjectType[option.id], option.id).toBeDefined();
    const services = [
      ...facts.lists.consultingServices.map((option) => option.id),
      LEAD_FORMS.cloudMigration.serviceType,
      LEAD_FORMS.integrations.serviceType,
    ];
    for (const id of services) expect(consultants.byServiceType[id], id).toBeDefined();
  });

  it('choose by service first, then by project type, then the general consultant', () => {
    const service = facts.lists.consultingServices[0]?.id ?? '';
    const project = facts.lists.proyects[0]?.id ?? '';
    expect(consultantFor({ fields: { serviceType: service, projectType: project } }, consultants)).toBe(
      consultants.byServiceType[service],
    );
    expect(consultantFor({ fields: { projectType: project } }, consultants)).toBe(consultants.byProjectType[project]);
    expect(consultantFor({ fields: {} }, consultants)).toBe(consultants.general);
    expect(consultantFor({ fields: { projectType: 'no-existe' } }, consultants)).toBe(consultants.general);
  });
});

describe('content/consultants.yaml checked against the forms and the team', () => {
  const team = new Map([
    ['ana', { name: 'Ana Ruiz', role: 'Directora de Producto' }],
    ['luis', { name: 'Luis Paz', role: 'Líder Cloud' }],
  ]);
  const options = { projectTypes: ['web-app', 'cloud-native', 'other'], serviceTypes: ['cloud-migration'], team };
  const file = (changes: Partial<ConsultantsFile> = {}): ConsultantsFile => ({
    general: { name: 'Carlos Méndez', role: 'Relación con Clientes', projectTypes: ['other'] },
    specialists: [
      { member: 'ana', projectTypes: ['web-app'], serviceTypes: undefined },
      { member: 'luis', projectTypes: ['cloud-native'], serviceTypes: ['cloud-migration'] },
    ],
    ...changes,
  });

  it('resolves names and roles from the team files', () => {
    const resolved = resolveConsultants(file(), options);
    expect(resolved).toMatchObject({
      ok: true,
      directory: { byProjectType: { 'web-app': team.get('ana'), other: { name: 'Carlos Méndez' } } },
    });
  });

  it('names a project type nobody covers', () => {
    const resolved = resolveConsultants(file(), { ...options, projectTypes: [...options.projectTypes, 'iot'] });
    expect(resolved).toEqual({
      ok: false,
      problems: [
        { path: ['general', 'projectTypes'], message: 'Nadie atiende "iot": agrégalos a un especialista o a general' },
      ],
    });
  });

  it('names an id the forms do not have, an option given twice and a member who is not on the team', () => {
    const resolved = resolveConsultants(
      file({
        specialists: [
          { member: 'ana', projectTypes: ['web-app', 'web-ap'], serviceTypes: undefined },
          { member: 'luis', projectTypes: ['cloud-native', 'web-app'], serviceTypes: ['cloud-migration'] },
        ],
      }),
      options,
    );
    expect(resolved.ok).toBe(false);
    expect(resolved.ok ? [] : resolved.problems.map((problem) => problem.path.join('.'))).toEqual([
      'specialists.0.projectTypes.1',
      'specialists.1.projectTypes.1',
    ]);
    const missing = resolveConsultants(
      file({ specialists: [{ member: 'rodrigo', projectTypes: ['web-app'], serviceTypes: undefined }] }),
      options,
    );
    expect(missing).toEqual({
      ok: false,
      problems: [
        {
          path: ['specialists', 0, 'member'],
          message: '"rodrigo" no está en content/team/: las personas son "ana", "luis"',
        },
      ],
    });
  });
});
