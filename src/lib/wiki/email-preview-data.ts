/**
 * What the wiki shows of the lead API's e-mail: the sample messages, the variable tables and the lead-score
 * rules. The build renders them with the server's own templates (build/email-previews.ts) and hands them to
 * the site as the module `virtual:angram/email-previews`, so the site never imports the server.
 */

/** A message as the server would send it: the fields the preview page shows. */
export interface PreviewMessage {
  /** Whom the outbox addresses it to (the client, the sales team or an inbox account). */
  audience: string;
  from: string;
  to: { name?: string; address: string };
  replyTo: string;
  subject: string;
  html: string;
  text: string;
  attachments: Array<{ filename: string; content: string; contentType: string }>;
}

export interface PreviewSample {
  /** Stable slug, usable as a file or anchor name. */
  id: string;
  title: string;
  /** Which of the lead's two messages the preview shows. */
  audience: 'client' | 'internal';
  /** The form type (1-4) of the sample's lead. */
  formType: number;
  message: PreviewMessage;
}

export interface VariableDoc {
  name: string;
  description: string;
}

export interface EmailPreviewData {
  samples: PreviewSample[];
  variables: {
    formTypes: Array<{ formType: number; label: string; route: string }>;
    /** The client message's variables, by form type. */
    client: Record<number, VariableDoc[]>;
    calendar: VariableDoc[];
    internal: VariableDoc[];
    /** The texts a missing field is shown as. */
    defaults: Record<string, string>;
  };
  /** How the internal message scores a lead: the starting score and each rule's points. */
  leadScore: { base: number; rules: Array<{ id: string; points: number; description: string }> };
}
