/**
 * What the inbox reads of the team's work on a lead (its state, history and e-mails) and across leads (the
 * meetings page, lost reasons, origins and the dashboard). The leads' and outbox's own SQL stays with
 * their stores (server/lead/, server/db/outbox-queries.ts).
 */
import { deliveriesOf } from '../../db/outbox-queries.ts';
import type { Storage } from '../../db/storage.ts';
import { dashboardLeadRows, lostReasonCounts, upcomingMeetingRows } from '../../lead/inbox-store.ts';
import { createLeadStore, type StoredLead } from '../../lead/store.ts';
import type { OriginBreakdown } from '../attribution-stats.ts';
import type { EmailDelivery, LeadEvent, LeadState, UpcomingMeeting } from '../model.ts';
import type { DashboardRow } from '../stats.ts';
import { dashboardTotals } from './dashboard.ts';
import { originBreakdownRows } from './origins.ts';
import { dashboardFromRow, eventFromRow, meetingFromRow, stateOf } from './work-rows.ts';

export function createWorkReads(storage: Storage) {
  return {
    lead(id: number): Promise<StoredLead | undefined> {
      return createLeadStore(storage).get(id);
    },
    async state(leadId: number): Promise<LeadState> {
      return stateOf(await storage.get('SELECT * FROM inbox_lead_state WHERE lead_id = $1', [leadId]));
    },
    /** The history, newest first. */
    async events(leadId: number): Promise<LeadEvent[]> {
      const rows = await storage.all(
        `SELECT e.id, e.lead_id, e.kind, e.at, u.name AS user_name, e.from_value, e.to_value, e.body
         FROM inbox_lead_events e LEFT JOIN inbox_users u ON u.id = e.user_id WHERE e.lead_id = $1 ORDER BY e.id DESC`,
        [leadId],
      );
      return rows.map(eventFromRow);
    },
    emails(leadId: number): Promise<EmailDelivery[]> {
      return deliveriesOf(storage, leadId);
    },
    /**
     * Booked meetings from `fromSlot` to `toSlot` (Mexico City `YYYY-MM-DDTHH:mm`), soonest first. A booking
     * holds a live meeting's slot (moved: the new one; cancelled: gone), including those booked before
     * meetings had their own table. A meeting left on a merged lead (the kept one had its own) is the kept
     * lead's, and shows under it, as in the morning digest.
     */
    async meetings(fromSlot: string, toSlot: string): Promise<UpcomingMeeting[]> {
      return (await upcomingMeetingRows(storage, fromSlot, toSlot)).map(meetingFromRow);
    },
    /** How many leads received since `since` were lost for each reason (counted by the database). */
    async lostReasons(since: string): Promise<Array<{ reason: string; leads: number }>> {
      const rows = await lostReasonCounts(storage, since);
      return rows.map((row) => ({ reason: row.reason ?? 'otro', leads: row.leads }));
    },
    /** Leads received since `since` (ISO time) by source, campaign and landing page, grouped by the database. */
    async originGroups(since: string): Promise<OriginBreakdown> {
      const { source, campaign, landing } = await originBreakdownRows(storage, since);
      return { bySource: source, byCampaign: campaign, byLanding: landing };
    },
    /** The dashboard's numbers, counted by the database (./dashboard.ts). */
    dashboard: (weeks: readonly string[], since: string) => dashboardTotals(storage, weeks, since),
    /** Every lead of the period as the dashboard counts it: the reference the SQL totals are checked against. */
    async dashboardRows(since: string): Promise<DashboardRow[]> {
      return (await dashboardLeadRows(storage, since)).map(dashboardFromRow);
    },
  };
}
