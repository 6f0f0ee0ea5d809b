/**
 * A lead as the team reads it, computed once: its fields labelled in the form's order, the booked meeting,
 * the consultant, the score and the file it goes in. The e-mails are written from it and the inbox shows
 * it, so both say the same thing about a lead. Pure functions, no I/O.
 */
import type { ContactDetails } from '../../core/contact.ts';
import type { MeetingCopy } from '../../core/content/emails.ts';
import type { LeadFormId } from '../../core/forms/kinds.ts';
import type { FieldName } from '../../core/forms/labels.ts';
import { todayInMexicoCity } from '../../core/dates.ts';
import { analyzeLead, type AnalysisFacts, type LeadAnalysis } from './analysis.ts';
import { meetingOf, type Meeting, type MeetingLinks } from './calendar.ts';
import { consultantFor, type Consultant, type ConsultantDirectory } from './consultants.ts';
import { fieldRows, leadForm, type FieldRow } from './fields.ts';
import { referenceOf, type Lead } from './model.ts';

/** What a lead's view is computed with: content facts and who the brand is (no environment, no I/O). */
export interface LeadSettings extends AnalysisFacts {
  /** The brand, as the messages and the meeting name it. */
  brandName: string;
  /** Public origin of the site, for links. */
  siteUrl: string;
  contact: ContactDetails;
  /** Who the lead is assigned to until someone takes it (`asignado_a`). */
  assignee: string;
  consultants: ConsultantDirectory;
  /** The meeting's title, description and reminder (content/emails.yaml). */
  meetingCopy: MeetingCopy;
  /** The language its texts are written in (dates follow it); the default language's without it. */
  locale?: string;
  /** Field names in that language; the team's Spanish names without it. */
  fieldLabels?: Readonly<Record<FieldName, string>>;
}

export interface LeadView {
  lead: Lead;
  form: LeadFormId;
  reference: string;
  /** The fields as the visitor filled them, labelled and in the form's order. */
  rows: FieldRow[];
  /** The booked meeting, or `undefined`. */
  meeting: Meeting | undefined;
  consultant: Consultant;
  analysis: LeadAnalysis;
  /** The lead's file: the month it arrived in Mexico City and its reference (`2026-11/CONT-7`). */
  folder: string;
}

/** `links`: the meeting's record (video call, current slot), when the caller has it. */
export function prepareLead(lead: Lead, settings: LeadSettings, links?: MeetingLinks): LeadView {
  const consultant = consultantFor(lead, settings.consultants);
  const reference = referenceOf(lead.id);
  const received = new Date(lead.receivedAt);
  // The file is named after the month in Mexico City, where the sales team works.
  const yearMonth = Number.isNaN(received.getTime()) ? 'sin-fecha' : todayInMexicoCity(received).slice(0, 7);
  return {
    lead,
    form: leadForm(lead),
    reference,
    rows: fieldRows(lead, settings.lists, settings.fieldLabels),
    meeting: meetingOf(
      lead,
      { brandName: settings.brandName, contact: settings.contact, copy: settings.meetingCopy },
      consultant,
      links,
    ),
    consultant,
    analysis: analyzeLead(lead, settings),
    folder: `${yearMonth}/${reference}`,
  };
}
