/**
 * Every text the frame shows, in one place. English only for now; the host's `locale` is applied to
 * `<html lang>` and a second language is a matter of adding a table here.
 */
export const FEE_USD = '19.95';

export const copy = {
  eyebrow: 'Domain unavailable',
  taken: (domain: string) => `${domain} is already registered`,
  takenGeneric: 'This domain is already registered',
  pitch:
    'It may still be yours. A personal domain broker can find out who holds it and try to buy it from them for you.',
  fee: `${FEE_USD} USD initial fee to hire your broker, refunded if the broker declines the job.`,
  commission: 'A 20% commission on top of the negotiated price.',
  cta: 'Get Started',
  ctaHint: 'Opens in a new tab',
  brokerTitle: 'Meet your domain broker',
  brokerLead: 'A dedicated broker handles the whole purchase for you.',
  avatarAlt: 'Your Domain Broker agent',
  detailsSummary: 'How it works',
  steps: [
    'You hire a broker for a one-time initial fee. If the broker declines the job, the fee is refunded.',
    'Your broker researches the domain: who holds it, what it is worth and how long a deal may take.',
    'Your broker contacts the owner and negotiates the price on your behalf.',
    'When you agree on a price, a 20% commission on top of the negotiated price applies.',
  ],
  partner: (name: string) => `Offered with ${name}`,
  poweredBy: 'Service by Domain Broker',
  searchLabel: 'Domain name',
  searchPlaceholder: 'example.com',
  searchButton: 'Search',
  searchTitle: 'Find the domain you want',
  emptyDomain: 'Please Enter Domain Name',
  invalidDomain: 'Please Enter Valid Domain Name',
  searchAgain: 'Search another domain',
  unavailable: 'This content is not available here.',
} as const;
