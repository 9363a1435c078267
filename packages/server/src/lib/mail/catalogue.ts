/**
 * The mail catalogue for development: every template rendered with sample data in English and Chinese
 * (GET /api/dev/mail-catalogue), and a sample queued to an address through the real outbox path
 * (POST /api/dev/mail-catalogue/send), so a non-transactional sample carries a real unsubscribe link.
 */
import type { MailRequest, MailTemplate } from './types.ts';

/** The kinds of mail one can unsubscribe from, by template; every other template is transactional. */
export const NON_TRANSACTIONAL: Partial<
  Record<MailTemplate, NonNullable<MailRequest['unsubscribe']>['type']>
> = {
  'weekly-appraisal-report': 'appraisal-report',
  'survey-reminder': 'buy',
  'broker-step': 'buy',
  'alternate-decided': 'buy',
};

const SAMPLE: Record<string, string> = {
  name: 'Ada',
  code: '123456',
  password: 'Temp0rary@Pass',
  email: 'ada@example.com',
  url: 'https://broker.example/',
  domain: 'example.com',
  domains: 'example.com, example.net',
  value: '12,500 USD',
  low: '9,000 USD',
  high: '16,000 USD',
  listPrice: '18,000 USD',
  certificateId: 'C-0001',
  date: '2026-01-15',
  count: '2',
  from: '2026-01-05',
  to: '2026-01-11',
  list: 'example.com: 12,500 USD\nexample.net: 3,200 USD',
  amount: '19.95 USD',
  amountCents: '1995',
  fee: '19.95',
  last4: '4242',
  receipt: 'R-0001',
  method: 'card',
  broker: 'Sam Broker',
  buyer: 'Ada Buyer (ada@example.com)',
  lead: '00000000-0000-4000-8000-000000000001',
  offer: '300',
  budget: '2500',
  validThru: '2026-02-15',
  phone: '+1 415 555 0100',
  comments: 'Is this name for sale?',
  ns1: 'ns1.domainbroker.example',
  ns2: 'ns2.domainbroker.example',
  support: 'support@domainbroker.example',
  hours: '72',
  price: '2500',
  minQuote: '1000',
  threshold: '500',
  visitor: 'Ada Visitor',
  reason: 'The broker could not take this request.',
};

/** The sample values as a plain object (what a queued sample is sent with). */
export const sampleValues = (): Record<string, string> => ({ ...SAMPLE });

/** Sample data for the preview: known keys get a sensible value, any other key its own name. */
export function sampleData(unsubscribeUrl?: string): Record<string, string> {
  return new Proxy({ ...SAMPLE, ...(unsubscribeUrl ? { unsubscribeUrl } : {}) } as Record<string, string>, {
    get: (target, key) =>
      typeof key !== 'string' || key === 'unsubscribeUrl' || key === 'toJSON'
        ? target[key as string]
        : (target[key] ?? `[${key}]`),
  });
}
