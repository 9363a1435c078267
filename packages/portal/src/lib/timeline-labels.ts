/**
 * The names of a lead's timeline steps, shared by the buyer's dashboard and the broker's workspace. Only
 * the broker's note and the buyer's own message are named by who reads them, so each side adds those two.
 */
import type { TimelineKind } from '@domain-broker/shared/schemas/broker';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const TIMELINE_STEP_LABELS: Record<
  Exclude<TimelineKind, 'note' | 'buyer_message'>,
  MessageDescriptor
> = {
  owner_identified: msg`Owner identified`,
  owner_contacted: msg`Owner contacted`,
  owner_replied: msg`Owner replied`,
  offer_sent: msg`Offer sent`,
  counter_offer: msg`Counter-offer`,
  agreement: msg`Price agreed`,
  escrow_opened: msg`Escrow opened`,
  transfer_complete: msg`Transfer complete`,
};
