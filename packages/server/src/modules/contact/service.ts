/**
 * Contact Us (docs/product.md "Contact Us"): the request is stored, staff get it by mail and the
 * sender a receipt, in one transaction. A public form that names an address (decision B12): it never
 * touches an account; a signed-in sender's request is linked to their account for staff to see.
 */

import { centsToOfferAmount } from '@domain-broker/shared/pricing';
import type { ContactBody } from '@domain-broker/shared/schemas/contact';
import { contactRequests } from '#server/db/schema/selling.ts';
import type { Services } from '#server/deps.ts';
import { checkMailSender } from '#server/lib/captcha.ts';

type ContactServices = Pick<Services, 'db' | 'enqueueMail' | 'config' | 'captcha' | 'rateLimiter'>;

export interface ContactActor {
  UID: string;
  email: string;
  locale: 'en' | 'zh';
}

/** POST /contact. Human check when configured, then per-IP and per-address limits (a receipt is mail). */
export async function submitContact(
  s: ContactServices,
  actor: ContactActor | undefined,
  body: ContactBody,
  ip: string,
  now: Date,
): Promise<{ uid: string }> {
  await checkMailSender(s, body.botToken, ip);
  await s.rateLimiter.hit(`contact:email:${body.email}`, s.config.rateLimit.mailPerAccount);
  const locale = body.locale ?? actor?.locale ?? 'en';
  const budget = body.budget === undefined ? '' : centsToOfferAmount(body.budget);
  return s.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactRequests)
      .values({
        name: body.name,
        email: body.email,
        phone: body.phone,
        domainName: body.domainName,
        comments: body.comments,
        budgetCents: body.budget ?? null,
        userUid: actor?.UID ?? null,
        locale,
        createdAt: now,
      })
      .returning({ uid: contactRequests.uid });
    await s.enqueueMail(tx, {
      to: s.config.supportEmail,
      template: 'staff-contact',
      locale: 'en',
      data: {
        name: body.name,
        email: body.email,
        phone: body.phone,
        domain: body.domainName,
        comments: body.comments,
        budget,
        account: actor && actor.email !== body.email ? actor.email : actor ? 'the same address' : '',
      },
    });
    await s.enqueueMail(tx, {
      to: body.email,
      template: 'contact-received',
      locale,
      data: { name: body.name, domain: body.domainName, comments: body.comments },
    });
    return { uid: row!.uid };
  });
}
