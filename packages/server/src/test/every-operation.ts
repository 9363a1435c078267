/**
 * Good and bad requests to every documented operation, one row per area of the API, in an order that
 * makes each reachable: later rows use the accounts, leads and ids that earlier rows made. Driven by
 * src/openapi.test.ts in process with the suite's response validator, and by src/contract.test.ts over
 * HTTP through a third-party validating proxy (Prism). Either fails on an answer the document does not
 * describe.
 */
import { jobRuns } from '#server/db/schema/index.ts';
import { DEMO_PASSWORD, type TestApp } from './harness.ts';
import { png } from './images.ts';

type Json = Record<string, unknown>;

/** One request; the answer's status, its JSON body when it has one, and that body's text. */
/**
 * The app's settings for a run of every operation: the appraisal limits raised, since the areas appraise
 * far more often than a guest or one address may in a minute or a day.
 */
export const EVERY_OPERATION_ENV = {
  APPRAISAL_BURST_PER_MINUTE: '1000',
  APPRAISAL_GUEST_IP_DAILY_CAP: '1000',
};

export type Call = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<{ status: number; json: Json | undefined; text: string }>;

export type Area = [area: string, run: () => Promise<void>];

/** The rows, for `it.each`; `app` is the running test app (made in beforeAll). */
export function everyOperationAreas(app: () => TestApp, call: Call): Area[] {
  const device = { 'x-device-id': 'openapi-device-000001' };
  const login = async (email: string) => {
    const r = await call('POST', '/login', { email, password: DEMO_PASSWORD });
    return (r.json?.data as { token: string } | undefined)?.token ?? 'none';
  };
  const bearer = { authorization: 'Bearer nope' };
  // Who asks, and what earlier rows made that later rows use.
  let admin: Record<string, string> = {};
  let registrar: Record<string, string> = {};
  let buyer: Record<string, string> = {};
  let buyerH: Record<string, string> = {};
  let payer: Record<string, string> = {};
  let leadId = 'none';
  let payerLeadUID = 'none';
  let brokerUID = 'none';
  let day = '';
  let workLead = '';

  const AREAS: Area[] = [
    [
      'signing in',
      async () => {
        admin = { authorization: `Bearer ${await login('admin@demo.test')}` };
        registrar = { authorization: `Bearer ${await login('registrar@demo.test')}` };
      },
    ],
    [
      'meta, config, location',
      async () => {
        await call('GET', '/health');
        await call('GET', '/openapi.json');
        await call('GET', '/openapi.json?x=1');
        await call('GET', '/config');
        await call('GET', '/config?x=1');
        await call('GET', '/checkBlockedCountry');
        await call('GET', '/location?x=1');
        await call('GET', '/location');
        await call('GET', '/roles');
        await call('GET', '/roles?x=1');
      },
    ],
    [
      'auth',
      async () => {
        await call('POST', '/login', { email: 'admin@demo.test', password: 'wrong' });
        await call('POST', '/login', '{not json' as unknown);
        await call('POST', '/login', { email: 'x', password: 'y', extra: 1 });
        await call('POST', '/signup', { email: 'openapi-new@example.com', password: 'Str0ng@Pass' });
        await call('POST', '/signup', { email: 'openapi-new@example.com', password: 'Str0ng@Pass' });
        await call('POST', '/signup', { email: 'openapi-temp@example.com' });
        await call('POST', '/signup', { email: 'not an email' });
        await call('POST', '/signUpWithDomain', {
          name: 'Open Api',
          email: 'openapi-enquiry@example.com',
          password: 'Str0ng@Pass',
          phone: '+1 415 555 0100',
          domainName: 'wanted.com',
          offerAmount: 5000,
        });
        await call('POST', '/signUpWithDomain', {});
        await call('POST', '/sendVerificationCode', { email: 'openapi-new@example.com' });
        await call('POST', '/sendVerificationCode', { email: 'nobody@example.com' });
        await call('POST', '/sendVerificationCode', { email: 'admin@demo.test' });
        await call('PATCH', '/verifyEmailByCode', {
          email: 'openapi-new@example.com',
          verificationCode: '000000',
        });
        await call('PATCH', '/verifyEmailByCode', {
          email: 'openapi-new@example.com',
          verificationCode: await app().lastCode('openapi-new@example.com'),
        });
        await call('PATCH', '/verifyEmailByCode', {
          email: 'nobody@example.com',
          verificationCode: '123456',
        });
        await call('PATCH', '/forgotPassword', { email: 'buyer@demo.test' });
        await call('PATCH', '/forgotPassword', { email: 'nobody@example.com' });
        await call('PATCH', '/resetPassword', {
          email: 'buyer@demo.test',
          OTP: '000000',
          password: 'N3w@Passw0rd',
          confirmPassword: 'N3w@Passw0rd',
        });
        await call('PATCH', '/resetPassword', { email: 'buyer@demo.test' });
        await call('POST', '/setPassword', {
          token: 'a'.repeat(43),
          password: 'N3w@Passw0rd',
          confirmPassword: 'N3w@Passw0rd',
        });
        await call('POST', '/setPassword', { token: 'short' });
        await call('PATCH', '/changePassword', {
          oldPassword: 'wrong',
          password: 'N3w@Passw0rd',
          confirmPassword: 'N3w@Passw0rd',
        });
        await call(
          'PATCH',
          '/changePassword',
          { oldPassword: 'wrong', password: 'N3w@Passw0rd', confirmPassword: 'N3w@Passw0rd' },
          registrar,
        );
        await call('POST', '/socialLogin', { credential: 'x' });
        await call('POST', '/socialLogin', {});
        await call('POST', '/oneTabLogin', { credential: 'x' });
        // LinkedIn is not configured here: both steps answer its documented 404, and bad bodies a 400
        await call('GET', '/linkedinLogin');
        await call('POST', '/linkedinLogin', { code: 'x', state: 'y' });
        await call('POST', '/linkedinLogin', {});
        await call('GET', '/logout', undefined, bearer);
        await call('GET', '/logout', undefined, { authorization: 'Basic x' });
      },
    ],
    [
      'profile',
      async () => {
        await call('GET', '/myProfile', undefined, admin);
        await call('GET', '/myProfile');
        await call('PATCH', '/myProfile', { firstName: 'Ada' }, admin);
        await call('PATCH', '/myProfile', { phone: 'nope' }, admin);
        await call('PATCH', '/myProfile', { unknown: 1 }, admin);
      },
    ],
    [
      'leads',
      async () => {
        buyer = { authorization: `Bearer ${await login('buyer@demo.test')}` };
        const lead = await call(
          'POST',
          '/leads',
          { domainName: 'openapi-lead.com', offerAmount: '1500' },
          buyer,
        );
        await call('POST', '/leads', { domainName: 'openapi-lead.com', offerAmount: '100' }, buyer);
        await call('POST', '/leads', { domainName: 'openapi-lead.com', offerAmount: '1500' }, registrar);
        await call('POST', '/leads', { offerAmount: '1500' }, buyer);
        await call('GET', '/getMyLeads', undefined, buyer);
        await call('GET', '/getMyLeads');
        leadId = String((lead.json?.data as Json | undefined)?.UID ?? 'none');
        await call('PATCH', `/leads/${leadId}`, { questionsAny: 'When?' }, buyer);
        await call('PATCH', `/leads/${leadId}`, {}, buyer);
        await call('PATCH', '/leads/none', { questionsAny: 'When?' }, buyer);
      },
    ],
    [
      'checkout (sandbox)',
      async () => {
        const card = { number: '4000002760003184', expMonth: 12, expYear: 2040, cvc: '123' };
        const pm = await call('POST', '/sandbox/paymentMethods', card, buyer);
        await call('POST', '/sandbox/paymentMethods', { ...card, number: '1234' }, buyer);
        await call('POST', '/sandbox/paymentMethods', { ...card, cvc: 5 }, buyer);
        const pmId = String((pm.json?.data as Json | undefined)?.id ?? 'none');
        const body = { paymentID: pmId, amountPaid: 19.95, leadUID: leadId };
        const secure = await call('POST', '/payments', body, buyer);
        await call('POST', '/payments', { ...body, amountPaid: 20 }, buyer);
        await call('POST', '/payments', { ...body, paymentID: 'pm_card_chargeDeclined' }, buyer);
        await call('POST', '/payments', { ...body, paymentID: 'pm_nope' }, buyer);
        await call('POST', '/payments', body, registrar);
        const intent = (secure.json?.data ?? {}) as { paymentIntentId?: string; clientSecret?: string };
        await call(
          'POST',
          '/stripeVerification',
          { leadUID: leadId, id: intent.paymentIntentId ?? 'pi_x' },
          buyer,
        );
        await call(
          'POST',
          `/sandbox/paymentIntents/${intent.paymentIntentId ?? 'pi_x'}/authenticate`,
          { clientSecret: 'x', outcome: 'complete' },
          buyer,
        );
        await call(
          'POST',
          `/sandbox/paymentIntents/${intent.paymentIntentId ?? 'pi_x'}/authenticate`,
          { clientSecret: intent.clientSecret ?? 'x', outcome: 'complete' },
          buyer,
        );
        await call('POST', '/sandbox/paymentIntents/pi_x/authenticate', { outcome: 'maybe' }, buyer);
        await call(
          'POST',
          '/stripeVerification',
          { leadUID: leadId, id: intent.paymentIntentId ?? 'pi_x' },
          buyer,
        );
        await call('POST', '/stripeVerification', { leadUID: leadId }, buyer);
        await call(
          'POST',
          '/webhooks/stripe',
          { id: 'evt_1', type: 'x' },
          { 'stripe-signature': 't=1,v1=00' },
        );
        await call('POST', '/webhooks/stripe', { id: 'evt_1', type: 'x' });
        await call('POST', `/leads/${leadId}/staffRefund`, { reason: 'Declined' }, buyer);
        await call('POST', `/leads/${leadId}/staffRefund`, {}, admin);
        await call('POST', '/leads/none/staffRefund', { reason: 'Declined' }, admin);
        await call('POST', `/leads/${leadId}/refund`, {}, buyer);
        await call('POST', `/leads/${leadId}/refund`, {}, buyer);
        await call('POST', `/leads/${leadId}/staffRefund`, { reason: 'Declined' }, admin);
      },
    ],
    [
      'appraisal',
      async () => {
        await call('PUT', '/appraisalDetails/openapi-example.com', {}, device);
        await call('PUT', '/appraisalDetails/openapi-example.com', {}, device);
        await call('PUT', '/appraisalDetails/openapi-other.com', {}, device);
        await call('PUT', '/appraisalDetails/xn--zz.com', {}, device);
        await call('PUT', '/appraisalDetails/not%20a%20domain', {}, device);
        await call('PUT', '/appraisalDetails/openapi-example.com?signals=1', {}, device);
        await call('PUT', '/appraisalDetails/openapi-example.com?unknown=1', {}, device);
        await call('PUT', '/appraisalDetails/openapi-example.com', {}, bearer);
        await call('PUT', '/appraisalDetails/openapi-cert.com?signals=1', {}, registrar);
        await call('GET', '/recentSearch', undefined, device);
        // A device id that is not one is ignored, not refused (ADR 010 "Who is counted").
        await call('GET', '/recentSearch', undefined, { 'x-device-id': '!' });
        await call('GET', '/recentSearch', undefined, registrar);
        await call('GET', '/recentSearch?userUID=someone-else', undefined, registrar);
        await call(
          'PATCH',
          '/updateUserIDInDomain',
          { domainNames: ['openapi-example.com'] },
          { ...registrar, ...device },
        );
        await call('PATCH', '/updateUserIDInDomain', { domainNames: 'x' }, registrar);
        await call(
          'POST',
          '/sendAppraisalCertificate',
          { domainName: 'openapi-cert.com', email: 'r@example.com' },
          registrar,
        );
        await call(
          'POST',
          '/sendAppraisalCertificate',
          { domainName: 'never-seen.com', email: 'r@example.com' },
          registrar,
        );
        await call(
          'POST',
          '/sendAppraisalCertificate',
          { domainName: 'bad', email: 'r@example.com' },
          registrar,
        );
        await call('GET', '/appraisalCertificate/openapi-cert.com.pdf', undefined, registrar);
        await call('GET', '/appraisalCertificate/openapi-cert.com.txt', undefined, registrar);
        await call('GET', '/appraisalCertificate/openapi-cert.com.pdf');
        const share = await call('POST', '/appraisalCertificate/openapi-cert.com/share', {}, registrar);
        await call('POST', '/appraisalCertificate/never-seen.com/share', {}, registrar);
        const url = String((share.json?.data as Json | undefined)?.url ?? '');
        await call('GET', url.slice(url.indexOf('/certificates/')) || '/certificates/none.pdf');
        await call('GET', '/certificates/none.pdf');
        await call('GET', '/certificates/none.txt');
      },
    ],
    [
      'staff',
      async () => {
        await call('GET', '/manualAppraisal', undefined, admin);
        await call('GET', '/manualAppraisal?page=0', undefined, admin);
        await call('GET', '/manualAppraisal', undefined, registrar);
        const created = await call(
          'POST',
          '/manualAppraisal',
          { domainName: 'openapi-manual.com', manualValue: 1000 },
          admin,
        );
        await call(
          'POST',
          '/manualAppraisal',
          { domainName: 'openapi-manual.com', manualValue: 2000 },
          admin,
        );
        await call('POST', '/manualAppraisal', { domainName: 'openapi-manual.com' }, admin);
        const id = String((created.json?.data as Json | undefined)?.UID ?? 'none');
        await call('PATCH', `/manualAppraisal/${id}`, { manualValue: 3000 }, admin);
        // The spec's clients send the value as a numeric string too.
        await call('PATCH', `/manualAppraisal/${id}`, { manualValue: '3500' }, admin);
        await call('PATCH', '/manualAppraisal/none', { manualValue: 3000 }, admin);
        await call('DELETE', `/manualAppraisal/${id}`, undefined, admin);
        await call('DELETE', `/manualAppraisal/${id}`, undefined, admin);
        const categories = await call('GET', '/exhibitConditions/ExhibitB', undefined, admin);
        await call('GET', '/exhibitConditions/Other', undefined, admin);
        await call('GET', '/exhibitConditions/ExhibitB', undefined, registrar);
        const first = ((categories.json?.data as Json[] | undefined) ?? [])[0] as Json | undefined;
        await call('PATCH', `/exhibitConditions/${first?.UID ?? 'none'}`, { description: 10 }, admin);
        await call('PATCH', `/exhibitConditions/${first?.UID ?? 'none'}`, { description: '10' }, admin);
        await call('PATCH', '/exhibitConditions/none', { description: 10 }, admin);
        await call('PATCH', '/exhibitConditions/none', { description: 1000 }, admin);
      },
    ],
    [
      'promo codes',
      async () => {
        buyerH = { authorization: `Bearer ${await login('buyer@demo.test')}` };
        const promo = await call(
          'POST',
          '/generatePromo',
          { code: 'OPENAPI1', offerPercent: 100, validThru: '2099-01-01' },
          admin,
        );
        await call(
          'POST',
          '/generatePromo',
          { code: 'openapi1', offerPercent: 100, validThru: '2099-01-01' },
          admin,
        );
        await call('POST', '/generatePromo', { code: 'OPEN', offerPercent: 50, validThru: 'x' }, admin);
        await call(
          'POST',
          '/generatePromo',
          { code: 'OPENAPI2', offerPercent: 100, validThru: '2099-01-01' },
          buyerH,
        );
        await call('GET', '/promoCode?page=1&pageLimit=5', undefined, admin);
        await call('GET', '/promoCode?pageLimit=x', undefined, admin);
        await call('GET', '/getPromoDetails/OPENAPI1', undefined, buyerH);
        await call('GET', '/getPromoDetails/none', undefined, buyerH);
        await call('GET', '/getPromoDetails/OPENAPI1');
        payer = { authorization: `Bearer ${await app().register('openapi-promo@example.com')}` };
        const payerLead = await call(
          'POST',
          '/leads',
          { domainName: 'openapi-promo.com', offerAmount: '1500' },
          payer,
        );
        payerLeadUID = ((payerLead.json?.data as Json | undefined)?.UID as string | undefined) ?? 'none';
        await call('POST', '/paymentUsingPromoCode', { code: 'NOSUCHCODE', leadUID: payerLeadUID }, payer);
        await call('POST', '/paymentUsingPromoCode', { code: 'OPENAPI1', leadUID: payerLeadUID }, payer);
        await call('POST', '/paymentUsingPromoCode', { code: 'OPENAPI1', leadUID: payerLeadUID }, payer);
        await call('POST', '/paymentUsingPromoCode', { code: 'OPENAPI1', leadUID: '' }, payer);
        await call('POST', '/paymentUsingPromoCode', { code: 'OPENAPI1', leadUID: payerLeadUID }, registrar);
        await call('POST', '/paymentUsingPromoCode', { code: 'OPENAPI1', leadUID: payerLeadUID });
        const promoId = ((promo.json?.data as Json | undefined)?.UID as string | undefined) ?? 'none';
        await call('DELETE', `/promoCode/${promoId}`, undefined, registrar);
        await call('DELETE', `/promoCode/${promoId}`, undefined, admin);
        await call('DELETE', `/promoCode/${promoId}`, undefined, admin);
      },
    ],
    [
      'alternate domains of the lead just paid with the promo code',
      async () => {
        const alternates = (opportunities: Json[], extra: Json = {}, h: Record<string, string> = payer) =>
          call(
            'POST',
            '/createOrUpdateOpportunities',
            { leadUID: payerLeadUID, opportunities, termsAgreed: true, ...extra },
            h,
          );
        await alternates([
          { domainName: 'openapi-alt1.com', offerAmount: '2000' },
          { domainName: 'openapi-alt2.com' },
        ]);
        await alternates([{ domainName: 'openapi-promo.com' }]);
        await alternates(['a3', 'a4', 'a5'].map((d) => ({ domainName: `openapi-${d}.com` })));
        await alternates([{ domainName: 'openapi-alt1.com', UID: '00000000-0000-4000-8000-000000000000' }]);
        await alternates([{ domainName: 'openapi-alt1.com' }], { termsAgreed: false });
        await alternates([{ domainName: 'openapi-alt1.com' }], { leadUID: 'none' });
        await alternates([{ domainName: 'openapi-alt1.com' }], {}, registrar);
        await alternates([{ domainName: 'openapi-alt1.com' }], {}, {});
      },
    ],
    [
      "the buyers' e-book: two downloads for the paid buyer, then refused; unpaid users refused",
      async () => {
        await call('GET', '/ebook?locale=en', undefined, payer);
        await call('GET', '/ebook?locale=zh', undefined, payer);
        await call('GET', '/ebook', undefined, payer);
        await call('GET', '/ebook?locale=fr', undefined, payer);
        await call('GET', '/ebook', undefined, registrar);
        await call('GET', '/ebook');
      },
    ],
    [
      'enquiries under 500',
      async () => {
        await call(
          'POST',
          '/createCloseLead',
          { domainName: 'openapi-enquiry.com', offerAmount: '300' },
          payer,
        );
        await call(
          'POST',
          '/createCloseLead',
          { domainName: 'openapi-enquiry.com', offerAmount: '3000' },
          payer,
        );
        await call('POST', '/createCloseLead', { domainName: 'openapi-enquiry.com' }, registrar);
        await call('POST', '/createCloseLead', { domainName: 'openapi-enquiry.com' });
        await call('POST', '/sendLowBudgetMail', { domainName: 'openapi-low.com', offerAmount: '100' });
        await call(
          'POST',
          '/sendLowBudgetMail',
          { domainName: 'openapi-low.com', offerAmount: '100' },
          payer,
        );
        await call(
          'POST',
          '/sendLowBudgetMail',
          { domainName: 'openapi-low.com', offerAmount: '900' },
          payer,
        );
        await call('POST', '/sendLowBudgetMail', { domainName: 'not a domain' });
        const contact = {
          name: 'Open Api',
          email: 'openapi-contact@example.com',
          phone: '+1 415 555 0100',
          domainName: 'openapi-contact.org',
          comments: 'Hello',
        };
        await call('POST', '/contact', contact);
        await call('POST', '/contact', { ...contact, domainName: 'nodot' });
        const sell = {
          domain: 'openapi-sell.com',
          email: 'openapi-sell@example.com',
          name: 'Open Api',
          phone: '+1 415 555 0100',
        };
        const sold = await call('POST', '/sell-domain', sell);
        await call('POST', '/sell-domain', { ...sell, domain: '' });
        await call('POST', '/sell-domain/verify', { token: 'not-a-real-token' });
        await call('POST', `/sell-comment/${(sold.json as { data: { id: string } }).data.id}`, {
          comment: 'Hi',
        });
        await call('POST', '/sell-comment/00000000-0000-4000-8000-000000000000', { comment: 'Hi' });
        await call('PATCH', '/unsubscribeEmail', {
          email: 'a@example.com',
          type: 'buy',
          token: 'forged.token',
        });
        await call('PATCH', '/unsubscribeEmail', { email: 'a@example.com' });
        await call('POST', '/unsubscribe/one-click?token=forged.token');
        await call('GET', '/mail-preferences', undefined, payer);
        await call('DELETE', '/mail-preferences/newsletter', undefined, payer);
      },
    ],
    [
      "the buyer and their broker (the promo payer's lead is paid)",
      async () => {
        await call('POST', `/leads/${payerLeadUID}/agreeBrokerTerms`, undefined, payer);
        await call('POST', `/leads/${payerLeadUID}/agreeBrokerTerms`, undefined, buyerH);
        await call('POST', '/leads/none/agreeBrokerTerms', undefined, payer);
        const agreedLead = await call('GET', '/getMyLeads', undefined, payer);
        brokerUID = ((agreedLead.json?.data as Json[] | undefined)?.[0]?.consultantUID as string) ?? 'none';
        await call('GET', `/getConsultantBadges/${brokerUID}`, undefined, payer);
        await call('GET', `/getConsultantBadges/${brokerUID}`, undefined, registrar);
        await call('GET', `/getConsultantBadges/${brokerUID}`, undefined, admin);
      },
    ],
    [
      "the broker workspace (the promo payer's lead: paid, with alternates)",
      async () => {
        const brokerH = { authorization: `Bearer ${await login('broker@demo.test')}` };
        day = app().clock.now().toISOString().slice(0, 10);
        await call('GET', '/consultant/leads', undefined, admin);
        await call(
          'GET',
          '/consultant/leads?status=all&search=openapi&sortBy=lastStep&sortType=ASC&overdue=false&page=1&limit=25',
          undefined,
          brokerH,
        );
        await call('GET', `/consultant/leads?consultantUID=${brokerUID}&status=sold`, undefined, admin);
        await call('GET', '/consultant/leads?limit=7', undefined, admin);
        await call('GET', '/consultant/leads', undefined, payer);
        await call('GET', '/consultant/leads');
        workLead = `/consultant/leads/${payerLeadUID}`;
        const detail = await call('GET', workLead, undefined, admin);
        await call('GET', '/consultant/leads/none', undefined, admin);
        await call('GET', workLead, undefined, registrar);
        await call(
          'PUT',
          `${workLead}/marketAnalysis`,
          { value: '4000', low: '3000', high: '5000', ownerNotes: 'Since 2004', expectedTimeline: '4 weeks' },
          admin,
        );
        await call('PUT', `${workLead}/marketAnalysis`, { low: '5000', value: '4000' }, admin);
        const entry = { kind: 'owner_contacted', occurredAt: day, channel: 'email', buyerVisible: true };
        await call('POST', `${workLead}/timeline`, entry, admin);
        await call('POST', `${workLead}/timeline`, { ...entry, kind: 'note', channel: null }, admin);
        await call('POST', '/consultant/leads/none/timeline', entry, admin);
        await call('GET', `/leads/${payerLeadUID}/timeline`, undefined, payer);
        await call('GET', '/leads/none/timeline', undefined, payer);
        await call('POST', `/leads/${payerLeadUID}/messages`, { message: 'Any news?' }, payer);
        await call('POST', `/leads/${payerLeadUID}/messages`, { message: '' }, payer);
        await call('POST', '/leads/none/messages', { message: 'Hello' }, payer);
        const alternate = (
          ((detail.json?.data as Json | undefined)?.opportunities as Json[] | undefined)?.[0] as
            | Json
            | undefined
        )?.UID;
        await call(
          'PATCH',
          `/consultant/opportunities/${alternate ?? 'none'}`,
          { status: 'accepted', note: 'Yes' },
          admin,
        );
        await call(
          'PATCH',
          `/consultant/opportunities/${alternate ?? 'none'}`,
          { status: 'rejected' },
          admin,
        );
        await call('PATCH', '/consultant/opportunities/none', { status: 'accepted' }, admin);
        await call('PATCH', '/consultant/opportunities/none', { status: 'maybe' }, admin);
        await call('GET', '/consultant/brokers', undefined, admin);
        await call('GET', '/consultant/brokers', undefined, brokerH);
        await call('PATCH', `${workLead}/assign`, { consultantUID: brokerUID }, admin);
        await call('PATCH', `${workLead}/assign`, { consultantUID: 'nobody' }, admin);
        await call('PATCH', `${workLead}/assign`, { consultantUID: brokerUID }, brokerH);
        await call('POST', `/leads/${payerLeadUID}/stopService`, undefined, payer);
        await call('POST', `/leads/${payerLeadUID}/stopService`, undefined, payer);
      },
    ],
    [
      "the admin's Users tab",
      async () => {
        await call('GET', '/users?search=demo&sortBy=lastLogin', undefined, admin);
        await call('GET', '/users?sortBy=nope', undefined, admin);
        await call('GET', '/users', undefined, registrar);
        await call('GET', '/users');
        const roleList = (await call('GET', '/roles')).json?.data as { UID: string; roleType: string }[];
        const buyerRole = roleList.find((r) => r.roleType === 'Buyer')?.UID ?? 'none';
        const made = await call(
          'POST',
          '/createUser',
          { firstName: 'Open', roleId: buyerRole, email: 'openapi-user@example.com' },
          admin,
        );
        const madeUid = (made.json?.data as { UID: string } | undefined)?.UID ?? 'none';
        await call(
          'POST',
          '/createUser',
          { firstName: 'Open', roleId: buyerRole, email: 'openapi-user@example.com' },
          admin,
        );
        await call('POST', '/createUser', { firstName: '' }, admin);
        await call('PATCH', `/users/${madeUid}`, { lastName: 'Api' }, admin);
        await call('PATCH', `/users/${madeUid}`, { email: 'other@example.com' }, admin);
        await call('PATCH', '/users/none', {}, admin);
        await call(
          'PATCH',
          `/updatePrivileges/${madeUid}`,
          { ChangeCategoryValues: true, percentage: 30 },
          admin,
        );
        await call('PATCH', `/updatePrivileges/${madeUid}`, { percentage: 300 }, admin);
        await call('DELETE', `/users/${madeUid}`, undefined, admin);
        await call('DELETE', `/users/${madeUid}`, undefined, admin);
        await call('POST', '/leads/none/stopService', undefined, payer);
        await call('POST', `${workLead}/close`, { outcome: 'sold', soldDate: day, soldPrice: '3000' }, admin);
        await call('POST', `${workLead}/close`, { outcome: 'canceled', reason: 'Again' }, admin);
        await call('POST', `${workLead}/close`, { outcome: 'declined' }, admin);
      },
    ],
    [
      'registrars and the widget',
      async () => {
        await call('GET', '/registrars/demo-registrar');
        await call('GET', '/registrars/nobody');
        await call('GET', '/widget/registrars/demo-registrar');
        await call('GET', '/widget/registrars/nobody');
        // the harness's RDAP address is a closed port: 'unknown'
        await call('GET', '/availability?domain=example.com');
        await call('GET', '/availability?domain=not%20a%20domain');
        await call('GET', '/getRegistrarList', undefined, admin);
        await call('GET', '/getRegistrarList', undefined, registrar);
        await call('POST', '/updateClicks/demo-registrar', { domainName: 'wanted.com' }, device);
        await call(
          'POST',
          '/updateClicks/demo-registrar',
          { domainName: 'wanted.com', offerAmount: 1 },
          device,
        );
        await call('POST', '/updateClicks/demo-registrar', { domainName: 'not a domain' }, device);
        await call('POST', '/updateClicks/nobody?dn=wanted.com', {}, device);
      },
    ],
    [
      'self-service allowed origins',
      async () => {
        await call('GET', '/registrar/origins', undefined, registrar);
        await call('GET', '/registrar/origins', undefined, admin);
        await call('POST', '/registrar/origins', { origin: 'https://shop.example.com' }, registrar);
        await call('POST', '/registrar/origins', { origin: 'https://shop.example.com' }, registrar);
        await call('POST', '/registrar/origins', { origin: 'http://shop.example.com' }, registrar);
        await call('DELETE', '/registrar/origins', { origin: 'https://shop.example.com' }, registrar);
        await call('DELETE', '/registrar/origins', { origin: 'https://shop.example.com' }, registrar);
      },
    ],
    [
      'the registrar ledger',
      async () => {
        await call('GET', '/getRegistrarLeads', undefined, registrar);
        await call('GET', '/getRegistrarLeads?consolidateDashboard=true&limit=All', undefined, admin);
        await call(
          'GET',
          '/getRegistrarLeads?registrarUID=demo-registrar&fromDate=2026-01-01',
          undefined,
          admin,
        );
        await call('GET', '/getRegistrarLeads', undefined, admin);
        await call('GET', '/getRegistrarLeads?registrarUID=nobody', undefined, admin);
        await call('GET', '/getRegistrarLeads?limit=7', undefined, registrar);
        await call('GET', '/getRegistrarLeads', undefined, buyer);
        await call('GET', '/getRegistrarLeadsCSV', undefined, registrar);
        await call('GET', '/getRegistrarLeadsCSV?fromDate=2026-02-30', undefined, registrar);
        const period = 'startDate=2026-01-01&endDate=2026-01-31';
        await call('GET', `/getRegistrarSettleSummary?${period}`, undefined, admin);
        await call('GET', '/getRegistrarSettleSummary?startDate=x', undefined, admin);
        await call('GET', `/getRegistrarSettleSummary?${period}&registrarUID=nobody`, undefined, admin);
        await call('GET', `/getRegistrarSettleSummary?${period}`, undefined, registrar);
        await call('GET', `/getTransactionDataCSV?${period}`, undefined, admin);
        await call('GET', '/getTransactionDataCSV?startDate=2030-01-01&endDate=2030-01-31', undefined, admin);
        await call('GET', '/getTransactionDataCSV?startDate=2026-02-01&endDate=2026-01-01', undefined, admin);
        await call('GET', '/registrarStatements', undefined, registrar);
        await call('GET', '/registrarStatements?year=20x6', undefined, registrar);
        await call('GET', '/registrarStatements', undefined, admin);
        await call('GET', '/registrarStatements/2026-01/csv', undefined, registrar);
        await call('GET', '/registrarStatements/2026-13/csv', undefined, registrar);
        const payout = {
          registrarUID: 'demo-registrar',
          month: '2025-12',
          amount: '0',
          paidAt: '2026-01-10',
        };
        await call('PUT', '/registrarPayouts', payout, admin);
        await call('PUT', '/registrarPayouts', { ...payout, month: '2026-01' }, admin);
        await call('PUT', '/registrarPayouts', { ...payout, registrarUID: 'nobody' }, admin);
        await call('PUT', '/registrarPayouts', { ...payout, amount: 'x' }, admin);
        await call('PUT', '/registrarPayouts', payout, registrar);
      },
    ],
    [
      "registrar webhooks (a closed local port: the test event's attempt fails at once)",
      async () => {
        const hook = await call('POST', '/webhooks/endpoints', { url: 'http://127.0.0.1:9/hook' }, registrar);
        const hookId = ((hook.json?.data as Json | undefined)?.id as string | undefined) ?? 'none';
        await call('POST', '/webhooks/endpoints', { url: 'ftp://x' }, registrar);
        await call('GET', '/webhooks/endpoints', undefined, registrar);
        await call('GET', '/webhooks/endpoints', undefined, admin);
        await call('PATCH', `/webhooks/endpoints/${hookId}`, { enabled: false }, registrar);
        await call('POST', `/webhooks/endpoints/${hookId}/rotate`, undefined, registrar);
        const hookTest = await call('POST', `/webhooks/endpoints/${hookId}/test`, undefined, registrar);
        await call('GET', `/webhooks/endpoints/${hookId}/deliveries`, undefined, registrar);
        const hookDelivery = ((hookTest.json?.data as Json | undefined)?.id as string | undefined) ?? '1';
        await call('POST', `/webhooks/deliveries/${hookDelivery}/redeliver`, undefined, registrar);
        await call('POST', '/webhooks/deliveries/nope/redeliver', undefined, registrar);
        await call('DELETE', `/webhooks/endpoints/${hookId}`, undefined, registrar);
        await call('DELETE', '/webhooks/endpoints/nope', undefined, registrar);
      },
    ],
    [
      'background jobs (Admin)',
      async () => {
        const startedAt = new Date(Date.now() - 60_000);
        await app()
          .db.insert(jobRuns)
          .values([
            {
              job: 'housekeeping',
              runId: 'r-ok',
              holder: 'h',
              outcome: 'ok',
              summary: { deleted: 1 },
              startedAt,
              finishedAt: new Date(),
            },
            {
              job: 'housekeeping',
              runId: 'r-failed',
              holder: 'h',
              outcome: 'failed',
              error: 'boom',
              startedAt,
            },
          ]);
        await call('GET', '/admin/jobs', undefined, admin);
        await call('GET', '/admin/jobs', undefined, registrar);
        await call('GET', '/admin/jobs/housekeeping/runs?page=1&pageSize=5', undefined, admin);
        await call('GET', '/admin/jobs/housekeeping/runs?pageSize=x', undefined, admin);
        await call('GET', '/admin/jobs/no-such-job/runs', undefined, admin);
      },
    ],
    [
      'files',
      async () => {
        const form = new FormData();
        form.append('file', new Blob([png() as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'a.png');
        const uploaded = await call('POST', '/files', form, registrar);
        const bad = new FormData();
        bad.append('file', new Blob(['not an image']), 'a.txt');
        await call('POST', '/files', bad, registrar);
        await call('POST', '/files', { file: 'x' }, registrar);
        const stored = ((uploaded.json?.data as Json | undefined)?.files as Json[] | undefined)?.[0];
        await call('GET', `/files/${stored?.filename ?? 'none.png'}`);
        await call('GET', '/files/none.png');
      },
    ],
    [
      'development',
      async () => {
        await call('GET', '/dev/outbox?to=openapi-new@example.com&limit=2');
        await call('GET', '/dev/outbox?to=a%00b');
        await call('POST', '/dev/mail-catalogue/send', {
          template: 'welcome',
          to: 'openapi-sample@example.com',
        });
        await call('POST', '/dev/mail-catalogue/send', { template: 'nope', to: 'x' });
        await call('GET', '/dev/mail-catalogue');
      },
    ],
    [
      'reconciliation and the Sell Domains list (admin)',
      async () => {
        await call('GET', '/reconciliation', undefined, admin);
        await call('GET', '/reconciliation?month=2099-01', undefined, admin);
        await call('GET', '/reconciliation', undefined, registrar);
        await call('GET', '/sellerDomainList?page=1&search=openapi', undefined, admin);
        await call('GET', '/sellerDomainList?page=0', undefined, admin);
        await call('PATCH', '/sellerDomain/00000000-0000-4000-8000-000000000000', { premium: true }, admin);
        await call('PATCH', '/sellerDomain/00000000-0000-4000-8000-000000000000', { premium: 1 }, registrar);
      },
    ],
    [
      'signing out',
      async () => {
        await call('GET', '/logout', undefined, admin);
      },
    ],
  ];
  return AREAS;
}
