/**
 * The broker workspace on the wire (decisions B2, B4, B8, B16). Designed by us: the spec shows
 * no consultant lead list. Money is integer cents inside the product and dollars as strings here
 * (decision B6). Paths (all under /api):
 *
 * Staff (Consultant: the leads assigned to them; Admin: every lead):
 *   GET   /consultant/leads                    BrokerLeadListQuery → BrokerLeadList
 *   GET   /consultant/leads/{id}               → BrokerLeadDetail
 *   PUT   /consultant/leads/{id}/marketAnalysis MarketAnalysisBody → BrokerLeadDetail
 *   POST  /consultant/leads/{id}/timeline      CreateTimelineEntryBody → TimelineEntry
 *   PATCH /consultant/opportunities/{id}       DecideOpportunityBody → BrokerLeadDetail
 *   POST  /consultant/leads/{id}/close         CloseLeadBody → BrokerLeadDetail
 *   PATCH /consultant/leads/{id}/assign        AssignLeadBody (Admin only) → BrokerLeadDetail
 *   GET   /consultant/brokers                  → BrokerOption[] (Admin only: the broker filter and reassignment)
 * The buyer who owns the lead:
 *   GET   /leads/{id}/timeline                 → TimelineEntry[] (buyer-visible entries only)
 *   POST  /leads/{id}/messages                 BuyerMessageBody → TimelineEntry
 *   POST  /leads/{id}/stopService              → Lead
 * A buyer's lead (GET /getMyLeads) also carries its visible timeline, market analysis, agreement and sale.
 */
import * as v from 'valibot';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { offerAmountToCents } from '../pricing.ts';
import {
  filledText,
  noNul,
  optionalText,
  pageNumber,
  sortByField,
  sortTypeField,
  specPage,
  TOO_LONG,
  UNKNOWN_FIELD,
} from './common.ts';
import { LEAD_STATUSES } from './lead-status.ts';

/** What a broker records, step by step. */
export const BROKER_TIMELINE_KINDS = [
  'owner_identified',
  'owner_contacted',
  'owner_replied',
  'offer_sent',
  'counter_offer',
  'agreement',
  'escrow_opened',
  'transfer_complete',
  'note',
] as const;
/** Every timeline entry: the broker's kinds and the buyer's own message. */
export const TIMELINE_KINDS = [...BROKER_TIMELINE_KINDS, 'buyer_message'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** How the owner was contacted (for owner_contacted). */
export const CONTACT_CHANNELS = ['email', 'phone', 'postal_mail', 'registrar_relay', 'marketplace'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** Steps that are a communication on the buyer's behalf: the six-month commission tail runs from the last. */
export const ON_BEHALF_KINDS: readonly TimelineKind[] = [
  'owner_contacted',
  'offer_sent',
  'counter_offer',
  'agreement',
  'escrow_opened',
];
/** Steps that carry an amount (dollars): an offer, a counter-offer, the agreed price. */
export const AMOUNT_KINDS: readonly TimelineKind[] = ['offer_sent', 'counter_offer', 'agreement'];
/** The lead event (decision B4) a timeline step writes for registrar partners. */
export const STAGE_EVENT_OF: Partial<Record<TimelineKind, 'owner_contacted' | 'offer'>> = {
  owner_contacted: 'owner_contacted',
  offer_sent: 'offer',
  counter_offer: 'offer',
};
/** Business days within which a buyer hears from their broker after payment or their own message. */
export const RESPONSE_BUSINESS_DAYS = 2;

/** `days` business days (Monday to Friday, UTC) after `from`. */
export function addBusinessDays(from: Date, days: number): Date {
  const d = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left -= 1;
  }
  return d;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}/;
const isoDate = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.check((s) => ISO_DAY.test(s) && !Number.isNaN(Date.parse(s)), message),
    v.transform((s) => new Date(s)),
  );

/** Dollars as "1500" or 1500; '' or absent means none. Output: cents or undefined. */
const dollars = (message: string) =>
  v.pipe(
    v.union([v.string(), v.number(), v.null()], message),
    v.check(
      (x) => x === null || (typeof x === 'string' && x.trim() === '') || offerAmountToCents(x) !== undefined,
      message,
    ),
    v.transform((x) =>
      x === null || (typeof x === 'string' && x.trim() === '') ? undefined : offerAmountToCents(x),
    ),
    v.check((c) => c === undefined || c <= 100_000_000_000, TOO_LONG),
  );

const longText = (max: number) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, TOO_LONG), noNul), '');

export const TIMELINE_ERRORS = {
  channel: FIELD_MESSAGES.CHANNEL_REQUIRED,
  amount: FIELD_MESSAGES.AMOUNT_INVALID,
  date: FIELD_MESSAGES.DATE_INVALID,
  futureDate: FIELD_MESSAGES.DATE_IN_FUTURE,
  beforePayment: FIELD_MESSAGES.DATE_BEFORE_PAYMENT,
  emptyNote: FIELD_MESSAGES.NOTE_EMPTY,
  emptyMessage: FIELD_MESSAGES.MESSAGE_EMPTY,
} as const;

/** POST /consultant/leads/{id}/timeline. A note needs text; owner_contacted needs its channel. */
export const CreateTimelineEntryBody = v.pipe(
  v.strictObject(
    {
      kind: v.picklist(BROKER_TIMELINE_KINDS, FIELD_MESSAGES.INVALID_ENTRY),
      occurredAt: isoDate(TIMELINE_ERRORS.date),
      channel: v.optional(v.nullable(v.picklist(CONTACT_CHANNELS, TIMELINE_ERRORS.channel))),
      amount: v.optional(dollars(TIMELINE_ERRORS.amount)),
      note: longText(4000),
      buyerVisible: v.boolean(FIELD_MESSAGES.INVALID_ENTRY),
    },
    UNKNOWN_FIELD,
  ),
  v.forward(
    v.check((b) => b.kind !== 'owner_contacted' || !!b.channel, TIMELINE_ERRORS.channel),
    ['channel'],
  ),
  v.forward(
    v.check((b) => b.kind !== 'note' || (b.note ?? '') !== '', TIMELINE_ERRORS.emptyNote),
    ['note'],
  ),
);
export type CreateTimelineEntryBody = v.InferOutput<typeof CreateTimelineEntryBody>;

/** POST /leads/{id}/messages: the buyer's reply to their broker. */
export const BuyerMessageBody = v.strictObject(
  {
    message: filledText(TIMELINE_ERRORS.emptyMessage, 4000),
  },
  UNKNOWN_FIELD,
);
export type BuyerMessageBody = v.InferOutput<typeof BuyerMessageBody>;

/** A timeline entry as its reader receives it. `author.role` says who wrote it. */
export const TimelineEntrySchema = v.object({
  UID: v.string(),
  kind: v.picklist(TIMELINE_KINDS),
  channel: v.nullable(v.picklist(CONTACT_CHANNELS)),
  /** Dollars as a string ("1500"), or '' when none. */
  amount: v.string(),
  note: v.string(),
  buyerVisible: v.boolean(),
  occurredAt: v.string(),
  createdAt: v.string(),
  author: v.object({ name: v.string(), role: v.picklist(['broker', 'buyer', 'staff']) }),
});
export type TimelineEntry = v.InferOutput<typeof TimelineEntrySchema>;

export const MARKET_ANALYSIS_ERRORS = {
  range: FIELD_MESSAGES.ESTIMATE_RANGE,
} as const;

/** PUT /consultant/leads/{id}/marketAnalysis (decision B16). */
const MarketAnalysisFields = v.strictObject(
  {
    value: v.optional(dollars(TIMELINE_ERRORS.amount)),
    low: v.optional(dollars(TIMELINE_ERRORS.amount)),
    high: v.optional(dollars(TIMELINE_ERRORS.amount)),
    ownerNotes: longText(4000),
    expectedTimeline: longText(1000),
  },
  UNKNOWN_FIELD,
);
const inRange = (b: v.InferOutput<typeof MarketAnalysisFields>) => {
  const { low, value, high } = b;
  if (low !== undefined && value !== undefined && low > value) return false;
  if (value !== undefined && high !== undefined && value > high) return false;
  if (low !== undefined && high !== undefined && low > high) return false;
  return true;
};
export const MarketAnalysisBody = v.pipe(
  MarketAnalysisFields,
  v.check(inRange, MARKET_ANALYSIS_ERRORS.range),
);
/** The broker's form: the same rules, the range message shown under the value. */
export const MarketAnalysisForm = v.pipe(
  MarketAnalysisFields,
  v.forward(v.check(inRange, MARKET_ANALYSIS_ERRORS.range), ['value']),
);
export type MarketAnalysisBody = v.InferOutput<typeof MarketAnalysisBody>;

/** The market analysis as buyer and broker read it; amounts are dollars as strings ('' when none). */
export const MarketAnalysisSchema = v.object({
  value: v.string(),
  low: v.string(),
  high: v.string(),
  ownerNotes: v.string(),
  expectedTimeline: v.string(),
  updatedAt: v.nullable(v.string()),
});
export type MarketAnalysis = v.InferOutput<typeof MarketAnalysisSchema>;

/** PATCH /consultant/opportunities/{id}: accept or reject an alternate, with a note to the buyer. */
export const DecideOpportunityBody = v.strictObject(
  {
    status: v.picklist(['accepted', 'rejected'], FIELD_MESSAGES.INVALID_ENTRY),
    note: longText(2000),
  },
  UNKNOWN_FIELD,
);
export type DecideOpportunityBody = v.InferOutput<typeof DecideOpportunityBody>;

export const CLOSE_ERRORS = {
  soldPrice: FIELD_MESSAGES.SOLD_PRICE_REQUIRED,
  soldDate: FIELD_MESSAGES.SOLD_DATE_REQUIRED,
  reason: FIELD_MESSAGES.CLOSE_REASON_REQUIRED,
} as const;

const reason = filledText(CLOSE_ERRORS.reason, 2000);

/**
 * POST /consultant/leads/{id}/close: sold (date and price; the commission comes from the pricing module
 * for the lead's channel, decision A19), canceled (reason), or declined (reason; the initial fee is
 * refunded through the refund service, once).
 */
export const CloseLeadBody = v.variant(
  'outcome',
  [
    v.strictObject(
      {
        outcome: v.literal('sold'),
        soldDate: isoDate(CLOSE_ERRORS.soldDate),
        soldPrice: v.pipe(
          dollars(CLOSE_ERRORS.soldPrice),
          v.check((c) => c !== undefined && c > 0, CLOSE_ERRORS.soldPrice),
        ),
      },
      UNKNOWN_FIELD,
    ),
    v.strictObject({ outcome: v.literal('canceled'), reason }, UNKNOWN_FIELD),
    v.strictObject({ outcome: v.literal('declined'), reason }, UNKNOWN_FIELD),
  ],
  FIELD_MESSAGES.INVALID_ENTRY,
);
export type CloseLeadBody = v.InferOutput<typeof CloseLeadBody>;

/** PATCH /consultant/leads/{id}/assign (Admin): give the lead to another active broker. */
export const AssignLeadBody = v.strictObject(
  {
    consultantUID: v.pipe(
      v.string(FIELD_MESSAGES.INVALID_ENTRY),
      v.trim(),
      v.nonEmpty(FIELD_MESSAGES.INVALID_ENTRY),
      v.maxLength(100, TOO_LONG),
    ),
  },
  UNKNOWN_FIELD,
);
export type AssignLeadBody = v.InferOutput<typeof AssignLeadBody>;

export const BROKER_LIST_SORTS = ['paidAt', 'domainName', 'lastStep', 'status'] as const;
export const BROKER_LIST_FILTERS = ['open', 'all', ...LEAD_STATUSES] as const;
export const BROKER_PAGE_SIZES = [10, 25, 50, 100] as const;

/** GET /consultant/leads: paged, searchable (domain, buyer name or email), newest payment first. */
export const BrokerLeadListQuery = v.strictObject(
  {
    search: optionalText(200),
    page: pageNumber(1, 100_000),
    limit: v.pipe(
      pageNumber(10, 100),
      v.check((n) => (BROKER_PAGE_SIZES as readonly number[]).includes(n), FIELD_MESSAGES.INVALID_ENTRY),
    ),
    status: v.optional(v.picklist(BROKER_LIST_FILTERS, FIELD_MESSAGES.INVALID_ENTRY), 'open'),
    /** Admin only: one broker's leads. */
    consultantUID: optionalText(100),
    overdue: v.optional(v.picklist(['true', 'false'], FIELD_MESSAGES.INVALID_ENTRY)),
    sortBy: sortByField(BROKER_LIST_SORTS, 'paidAt'),
    sortType: sortTypeField,
  },
  UNKNOWN_FIELD,
);
export type BrokerLeadListQuery = v.InferOutput<typeof BrokerLeadListQuery>;

const person = v.object({ UID: v.string(), name: v.string() });

export const BrokerLeadRowSchema = v.object({
  UID: v.string(),
  domainName: v.string(),
  buyer: v.object({ UID: v.string(), name: v.string(), email: v.string() }),
  consultant: v.nullable(person),
  status: v.picklist(LEAD_STATUSES),
  paidAt: v.nullable(v.string()),
  /** Alternates waiting for the broker's decision. */
  alternatesWaiting: v.number(),
  /** Whole days since the last buyer-visible step (or since payment when there is none). */
  daysSinceLastStep: v.nullable(v.number()),
  /** Nothing reached the buyer within two business days of payment or of their last message. */
  overdue: v.boolean(),
  responseDueAt: v.nullable(v.string()),
});
export type BrokerLeadRow = v.InferOutput<typeof BrokerLeadRowSchema>;

export const BrokerLeadListSchema = v.object({ ...specPage(BrokerLeadRowSchema), page: v.number() });
export type BrokerLeadList = v.InferOutput<typeof BrokerLeadListSchema>;

/** The agreement of a lead (packages/shared/src/agreement.ts) as dates on the wire. */
export const AgreementSchema = v.object({
  start: v.string(),
  termEnd: v.string(),
  phase: v.picklist(['term', 'holdover', 'ended']),
  serviceEnd: v.nullable(v.string()),
  tailEnd: v.nullable(v.string()),
  canStop: v.boolean(),
  stopRequestedAt: v.nullable(v.string()),
});
export type AgreementView = v.InferOutput<typeof AgreementSchema>;

/** A sold lead's price and commission, shown to broker and buyer. */
export const SaleSchema = v.object({
  soldDate: v.string(),
  price: v.string(),
  commission: v.string(),
  commissionRule: v.picklist(['percent', 'minimum']),
  commissionPercent: v.number(),
  channel: v.picklist(['registrar', 'direct']),
});
export type Sale = v.InferOutput<typeof SaleSchema>;

/** A status change with who and when (from the lead events). */
export const StatusChangeSchema = v.object({
  type: v.string(),
  fromStatus: v.nullable(v.string()),
  toStatus: v.nullable(v.string()),
  actor: v.nullable(v.string()),
  createdAt: v.string(),
});

/** GET /consultant/leads/{id}: everything the broker needs to work the lead. */
export const BrokerLeadDetailSchema = v.object({
  UID: v.string(),
  domainName: v.string(),
  offerAmount: v.string(),
  status: v.picklist(LEAD_STATUSES),
  paidAt: v.nullable(v.string()),
  createdAt: v.string(),
  buyer: v.object({
    UID: v.string(),
    name: v.string(),
    email: v.string(),
    phone: v.string(),
    /** The lead's contact preference (decision A14): Email, Phone or PhoneText, or null. */
    preferredContact: v.nullable(v.string()),
    preferText: v.boolean(),
    locale: v.string(),
  }),
  consultant: v.nullable(person),
  registrarUID: v.nullable(v.string()),
  survey: v.object({
    isSurveyCompleted: v.boolean(),
    questionsAny: v.string(),
    deadLine: v.nullable(v.string()),
    preferredTime: v.nullable(v.string()),
    /** The buyer's time zone the preferred time was chosen in (decision A2); null when unknown. */
    preferredTimeZone: v.nullable(
      v.pipe(
        v.string(),
        v.description(
          "The buyer's IANA time zone in which `preferredTime` is Morning (8:30) or Afternoon (14:30), decision A2; null when the survey did not send one (saved before it did) or there is no preferred time.",
        ),
      ),
    ),
    beSeen: v.boolean(),
  }),
  marketAnalysis: MarketAnalysisSchema,
  opportunities: v.array(
    v.object({
      UID: v.string(),
      domainName: v.string(),
      offerAmount: v.string(),
      status: v.picklist(['pending', 'accepted', 'rejected']),
      decisionNote: v.string(),
      createdAt: v.string(),
    }),
  ),
  timeline: v.array(TimelineEntrySchema),
  agreement: v.nullable(AgreementSchema),
  sale: v.nullable(SaleSchema),
  closeReason: v.string(),
  overdue: v.boolean(),
  responseDueAt: v.nullable(v.string()),
  statusHistory: v.array(StatusChangeSchema),
});
export type BrokerLeadDetail = v.InferOutput<typeof BrokerLeadDetailSchema>;

/** GET /consultant/brokers (Admin): brokers to filter by and to reassign to. */
export const BrokerOptionSchema = v.object({
  UID: v.string(),
  name: v.string(),
  acceptingLeads: v.boolean(),
});
export type BrokerOption = v.InferOutput<typeof BrokerOptionSchema>;
