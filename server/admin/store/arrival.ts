/**
 * Who a new lead goes to the moment it arrives, written in the submission's own transaction: the consultant
 * of its kind of work when they have an active inbox account, else the next active sales account in turn.
 * With no such account the lead stays unassigned, as before. The turn is kept by the history itself (the
 * last lead assigned by turn names its account), under a lock so two arrivals never take the same turn.
 */
import { z } from 'zod';
import { rowParser } from '../../db/rows.ts';
import type { Transaction } from '../../db/storage.ts';
import type { ArrivalReason, Person } from '../mail.ts';

export interface ArrivalAssignee extends Person {
  id: number;
  reason: ArrivalReason;
}

const accountRow = rowParser('inbox_users', z.object({ id: z.number().int(), name: z.string(), email: z.string() }));

const TURN_LOCK = 'inbox:arrival-turn';

async function consultantAccount(tx: Transaction, email: string): Promise<ArrivalAssignee | undefined> {
  const row = await tx.get('SELECT id, name, email FROM inbox_users WHERE lower(email) = $1 AND active = 1', [
    email.toLowerCase(),
  ]);
  return row ? { ...accountRow(row), reason: 'consultant' } : undefined;
}

async function nextInTurn(tx: Transaction): Promise<ArrivalAssignee | undefined> {
  await tx.lock(TURN_LOCK);
  const accounts = (
    await tx.all("SELECT id, name, email FROM inbox_users WHERE role = 'sales' AND active = 1 ORDER BY id")
  ).map(accountRow);
  if (accounts.length === 0) return undefined;
  const last = await tx.get<{ user_id: number | string | null }>(
    "SELECT user_id FROM inbox_lead_events WHERE kind = 'assignee' AND body = 'turn' ORDER BY id DESC LIMIT 1",
  );
  const lastId = Number(last?.user_id ?? 0);
  const next = accounts.find((account) => account.id > lastId) ?? accounts[0];
  return next && { ...next, reason: 'turn' };
}

/**
 * Assigns lead `leadId` on arrival and records it in its history (the event names the assignee as its
 * author and the reason in its body, so the page says how it was assigned). Returns who took it.
 */
export async function assignOnArrival(
  tx: Transaction,
  lead: { id: number; consultantEmail: string | undefined },
  at: string,
): Promise<ArrivalAssignee | undefined> {
  const assignee =
    (lead.consultantEmail ? await consultantAccount(tx, lead.consultantEmail) : undefined) ?? (await nextInTurn(tx));
  if (!assignee) return undefined;
  await tx.run(
    `INSERT INTO inbox_lead_state (lead_id, status, assignee_id, updated_at, version) VALUES ($1, 'nuevo', $2, $3, 1)`,
    [lead.id, assignee.id, at],
  );
  await tx.run(
    `INSERT INTO inbox_lead_events (lead_id, user_id, kind, at, from_value, to_value, body)
     VALUES ($1, $2, 'assignee', $3, NULL, $4, $5)`,
    [lead.id, assignee.id, at, assignee.name, assignee.reason],
  );
  return assignee;
}
