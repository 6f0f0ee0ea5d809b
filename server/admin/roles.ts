/**
 * Who may do what in the inbox. Sales works leads (inbox, lead pages, meetings, dashboard, export);
 * admin does all that and manages the accounts. Everything else answers 403.
 */
export const ROLES = ['admin', 'sales'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  admin: 'Administración',
  sales: 'Ventas',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export type Permission = 'work-leads' | 'manage-users' | 'edit-translations';

const GRANTS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: ['work-leads', 'manage-users', 'edit-translations'],
  sales: ['work-leads'],
};

export function can(role: Role, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}
