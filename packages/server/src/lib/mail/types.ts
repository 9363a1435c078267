/** What a message is: the mail library owns these types; modules queue mail through `Services.enqueueMail`. */
import type { DbOrTx } from '#server/db/client.ts';

export type MailTemplate =
  | 'verification-code'
  | 'reset-code'
  | 'temporary-password'
  | 'welcome'
  | 'account-created'
  | 'appraisal-certificate'
  | 'weekly-appraisal-report'
  | 'payment-receipt'
  | 'broker-introduction'
  | 'lead-unassigned'
  | 'refund-notice'
  | 'promo-code'
  | 'enquiry-received'
  | 'staff-enquiry'
  | 'staff-low-budget'
  | 'survey-answers'
  | 'survey-thanks'
  | 'survey-reminder'
  | 'broker-step'
  | 'buyer-message'
  | 'alternate-decided'
  | 'lead-sold'
  | 'lead-canceled'
  | 'lead-reassigned'
  | 'service-stop-requested'
  | 'contact-received'
  | 'staff-contact'
  | 'sell-verify'
  | 'sell-received'
  | 'staff-sell'
  | 'staff-sell-comment';
/** A file sent with a message; `content` is base64 (it is stored in the outbox row as it is). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}
export interface MailRequest {
  to: string;
  template: MailTemplate;
  locale: 'en' | 'zh';
  data: Record<string, string>;
  attachments?: MailAttachment[];
  /**
   * A non-transactional mail: the kind one can unsubscribe from (and the lead, for a lead's mails). The
   * mail then carries the unsubscribe link and RFC 8058 one-click headers (lib/mail/unsubscribe.ts).
   */
  unsubscribe?: { type: 'buy' | 'sell' | 'newsletter' | 'appraisal-report'; leadUid?: string | null };
}
/** Queues a message inside the caller's transaction (the mail commits with the change). */
export type EnqueueMail = (tx: DbOrTx, mail: MailRequest) => Promise<unknown>;
