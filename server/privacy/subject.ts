/**
 * A person as the database knows them: from an e-mail (and a phone, when given), their leads, the address
 * hashes those leads came from, their inbox account if they are on the team, the keyed hash of their
 * e-mail and the ARCO requests it filed; and the SQL that picks a registry table's rows that belong to them.
 */
import { leadIdentities, leadsByEmail, leadsByPhoneDigits } from '../lead/privacy-store.ts';
import type { Queryable, SqlValue } from '../db/storage.ts';
import { emailHash, normalizeEmail, phoneDigits, type Identifiers } from './identity.ts';
import type { Link } from './registry.ts';

export interface Subject {
  leadIds: readonly number[];
  emailHashes: readonly string[];
  clientHashes: readonly string[];
  accountIds: readonly number[];
  requestIds: readonly number[];
  identifiers: Identifiers;
  /**
   * `person`: everything tied to them, and their quotes in anyone's text (an ARCO request).
   * `leads`: only the rows of these leads (retention: the same person's newer leads stay as they are).
   */
  scope: 'person' | 'leads';
}

export interface Lookup {
  email: string;
  /** Also the leads sent with this phone under another e-mail. */
  phone?: string | undefined;
}

/** `$n, $n+1, …` for a list, numbered after `offset` parameters. */
export function placeholders(count: number, offset = 0): string {
  return Array.from({ length: count }, (_, index) => `$${offset + index + 1}`).join(', ');
}

/** The person behind `lookup`, with the key of the e-mail hashes (a setting of the database). */
export async function resolveSubject(db: Queryable, lookup: Lookup, hashKey: string): Promise<Subject> {
  const email = normalizeEmail(lookup.email);
  const byEmail = await leadsByEmail(db, email);
  const given = lookup.phone ? phoneDigits(lookup.phone) : undefined;
  const byPhone = given ? await leadsByPhoneDigits(db, given) : [];
  const leads = [...new Map([...byEmail, ...byPhone].map((lead) => [lead.id, lead])).values()];
  const emails = new Set([email, ...leads.map((lead) => normalizeEmail(lead.email)).filter(Boolean)]);
  const phones = new Set([...(given ? [given] : []), ...leads.flatMap((lead) => phoneDigits(lead.phone) ?? [])]);
  const names = new Set(leads.map((lead) => lead.name.trim()).filter(Boolean));
  const emailList = [...emails];
  const accounts = await db.all<{ id: number }>(
    `SELECT id FROM inbox_users WHERE lower(email) IN (${placeholders(emailList.length)})`,
    emailList,
  );
  const emailHashes = emailList.map((value) => emailHash(value, hashKey));
  const requests = await db.all<{ id: number }>(
    `SELECT id FROM privacy_requests WHERE email_hash IN (${placeholders(emailHashes.length)}) ORDER BY id`,
    emailHashes,
  );
  return {
    leadIds: leads.map((lead) => lead.id),
    emailHashes,
    clientHashes: [...new Set(leads.map((lead) => lead.client_hash).filter(Boolean))],
    accountIds: accounts.map((account) => account.id),
    requestIds: requests.map((request) => request.id),
    identifiers: { emails, phones, names },
    scope: 'person',
  };
}

/** Leads erased by retention: only their own rows, named by their own data. */
export async function leadsSubject(db: Queryable, leadIds: readonly number[]): Promise<Subject> {
  const leads = await leadIdentities(db, leadIds);
  return {
    leadIds: leads.map((lead) => lead.id),
    emailHashes: [],
    clientHashes: [],
    accountIds: [],
    requestIds: [],
    identifiers: {
      emails: new Set(leads.map((lead) => normalizeEmail(lead.email)).filter(Boolean)),
      phones: new Set(leads.flatMap((lead) => phoneDigits(lead.phone) ?? [])),
      names: new Set(leads.map((lead) => lead.name.trim()).filter(Boolean)),
    },
    scope: 'leads',
  };
}

/** The condition that picks the rows of a table linked to the subject, or `undefined` when none can be. */
export function linkCondition(link: Link, subject: Subject): { where: string; params: SqlValue[] } | undefined {
  const list = (column: string, values: readonly SqlValue[], extra?: string) =>
    values.length === 0
      ? undefined
      : { where: `${column} IN (${placeholders(values.length)})${extra ? ` AND ${extra}` : ''}`, params: [...values] };
  if (subject.scope === 'leads' && link.kind !== 'lead' && link.kind !== 'lead-through') return undefined;
  switch (link.kind) {
    case 'lead': {
      const own = list(link.column, subject.leadIds);
      if (!own || !link.namedIn) return own;
      const { table, idColumn, leadColumn } = link.namedIn;
      return {
        where: `(${own.where} OR id IN (SELECT ${idColumn} FROM ${table} WHERE ${leadColumn} IN (${placeholders(subject.leadIds.length)})))`,
        params: own.params,
      };
    }
    case 'email':
      return list(`lower(${link.column})`, [...subject.identifiers.emails], link.where);
    case 'client-hash':
      return list(link.column, subject.clientHashes);
    case 'email-hash':
      return list(link.column, subject.emailHashes);
    case 'account':
      return list(link.column, subject.accountIds);
    case 'lead-through':
      return subject.leadIds.length === 0
        ? undefined
        : {
            where: `${link.column} IN (SELECT id FROM ${link.parent} WHERE ${link.leadColumn} IN (${placeholders(subject.leadIds.length)}))`,
            params: [...subject.leadIds],
          };
    case 'target':
      return list(link.column, [
        ...subject.leadIds.map((id) => `lead:${id}`),
        ...subject.requestIds.map((id) => `request:${id}`),
      ]);
  }
}
