/** The buyers' e-book in English: "How to buy a domain someone else owns". Prose written for the product. */
import type { EbookContent } from './content.ts';

export const EBOOK_EN: EbookContent = {
  title: 'How to buy a domain someone else owns',
  subtitle:
    'A practical guide for buyers: what a broker does, what names really cost, how escrow keeps both sides safe, how long it takes, and the mistakes that make it harder.',
  edition: 'Domain Broker buyer guide',
  intro: [
    'Almost every short, memorable name you can think of is already registered. That does not mean it is out of reach. Thousands of domains change hands every week, most of them quietly, between an owner who registered the name years ago and a buyer who needs it now. The owner may be an investor who holds names for resale, a business that no longer uses it, or a private person who registered it for a project that never started.',
    'This guide explains how such a purchase works from start to finish, so that you know what to expect, what to ask for and what to avoid. It is written for buyers working with a Domain Broker, but everything in it is true however you buy.',
  ],
  sections: [
    {
      heading: '1. Before you start: is the name really what you need?',
      paragraphs: [
        'Write down why you want the name and what it is worth to you. A domain is worth most to the buyer who has a business reason for it: the brand you already trade under, the exact product you sell, the name your customers type without thinking. Decide on the highest price you would pay before anyone names a number, and keep it to yourself.',
        'Make a short list, not a single name. Negotiations go better when you could walk away. With your broker you can follow up to five domains: the one you start with and up to four alternatives. Good alternatives are the same word in another extension, a close plural or a two-word version, or a different name of similar strength.',
        'Check the name before you fall in love with it:',
      ],
      bullets: [
        "Trademarks: search the trademark registers of the countries you sell in. A name that matches someone else's brand can be taken from you later, whatever you paid.",
        'History: look at old copies of the site in a web archive and search the name in quotes. A past as a spam or malware site can follow a domain in e-mail filters and search results.',
        'Social handles and spelling: say the name aloud to someone and ask them to type it. If they get it wrong, so will your customers.',
      ],
    },
    {
      heading: '2. What a broker does for you',
      paragraphs: [
        'A broker stands between you and the owner. That matters more than it seems. When a well-known company or an obviously keen buyer writes to an owner, the price goes up. A broker asks on your behalf without revealing who you are, so the owner prices the name, not your budget.',
        'Your broker does the groundwork first: finds out who really controls the domain (the public registration record is often hidden behind a privacy service), looks at what similar names have sold for, and gives you a realistic value and timeline. Then the broker reaches the owner through every channel that works, which takes persistence: many owners answer only the second or third message.',
        'During the negotiation the broker makes and answers offers within the limits you set, tells you honestly when an asking price is out of line, and knows when to pause. Once a price is agreed, the broker sets up the escrow, agrees the transfer steps with the seller and stays with the deal until the domain is in your account.',
        'At Domain Broker the initial fee is 19.95 USD. The commission is due only if you get the domain: the greater of 15% of the purchase price or 250 USD (1,000 USD minimum for social-media handles). The agreement runs 120 days from your payment, or until you hold the domain, whichever comes first; after that you can keep the service for as long as you want it, or stop.',
      ],
    },
    {
      heading: '3. What domains really cost',
      paragraphs: [
        'Prices in the resale market vary enormously, and headline sales of millions of dollars give a misleading picture. Some honest ranges for names in .com, the most expensive extension:',
      ],
      bullets: [
        'Names owned by private individuals who are not in the domain business: often 500 to 5,000 USD. Many such owners have never been asked and have no price in mind.',
        'Two-word and brandable names held by domain investors: usually 2,000 to 25,000 USD. Investors price from comparable sales and expect to be negotiated with, but rarely sell below their own cost and carrying fees.',
        'Strong one-word names and short, common phrases: 25,000 to several hundred thousand USD.',
        'Top one-word generics and very short names (three letters or fewer): six or seven figures.',
        'Other extensions (.net, .org, country codes, new extensions) usually sell for a fraction of the .com price of the same word, though strong country-code names in their home market can be expensive.',
      ],
      after: [
        "Below 2,000 USD a professional negotiation is rarely worth it for either side, which is why we suggest a budget of at least that much. Remember the costs around the price: the broker's commission, the escrow fee (typically one to three percent, shared or paid by the buyer), and the renewal fee once the domain is yours.",
        'Asking prices are a starting point, not a fact. First answers from investors are often two to five times what they finally accept; a price listed on a marketplace is usually closer to the final figure. Equally, an offer far below any reasonable value can end a conversation: owners who feel insulted stop answering.',
      ],
    },
    {
      heading: '4. Escrow: how the money and the name change hands safely',
      paragraphs: [
        'Never send money straight to a seller you do not know, and never ask a seller to transfer a name before they are paid. A licensed escrow service solves this for both sides. You pay the escrow service; it holds the money; the seller transfers the domain; you confirm that the domain is in your control; only then does the escrow service release the money to the seller.',
        'Use a well-established, licensed escrow service that you reach by typing its address yourself. A common fraud is a fake escrow site sent in a link by the "seller". Your broker will name the service and its fee before anything is signed.',
        'Before paying in, make sure the escrow terms name the exact domain, the price, who pays the escrow fee, the time allowed for the transfer and the inspection period you have to check the domain once it arrives.',
      ],
    },
    {
      heading: '5. How long it takes',
      paragraphs: ['Every purchase is different, but these are typical timelines:'],
      bullets: [
        'Research and finding the owner: a few days.',
        'First answer from the owner: from one day to several weeks. Some owners never answer; your broker will tell you when it is time to move on to an alternative.',
        'Negotiation: usually two to six weeks, sometimes longer when the owner has to consult partners or the name is valuable.',
        'Escrow: opening the transaction takes a day; an international bank transfer takes one to five business days to arrive.',
        'Transfer: a move between two accounts at the same registrar can be done in minutes to a day. A transfer to another registrar usually completes in five to seven days. A domain registered or changed owner in the last 60 days may be locked against transfer to another registrar, in which case you take it over at its current registrar first.',
      ],
      after: [
        'All together, expect about one to three months from your first payment to holding the domain, less when the owner is quick and the price is clear.',
      ],
    },
    {
      heading: '6. What to avoid',
      bullets: [
        'Contacting the owner yourself while your broker is negotiating. Two buyers appear, the owner assumes strong demand, and the price rises.',
        'Showing urgency: launch dates, investors waiting, a company name in your e-mail signature.',
        'Paying outside escrow, or into an escrow site you reached through a link the seller sent.',
        'Agreeing a price without agreeing the transfer: who pays which fees, by when the domain moves, and what happens if it does not.',
        'Building your brand on the name before it is in your account. Printing, advertising and registrations made in advance are lost if the deal falls through.',
        'Treating a dispute procedure as a cheaper purchase. Domain dispute procedures exist for clear trademark abuse. Used against a legitimate owner they cost time and money, and a lost case can be published.',
        'Letting the domain expire later. Once it is yours, switch on auto-renewal, keep your registrar account details current and turn on two-factor authentication.',
      ],
    },
    {
      heading: '7. Once the domain is yours',
      paragraphs: [
        "Check that the domain is listed in your own registrar account, in your name or your company's, with your e-mail address as the contact. Change the account password and the transfer lock if the seller ever had access. Point the name at your site or mail service, keep copies of the escrow and transfer confirmations, and renew for several years if you plan to keep it.",
        'If any step above is unclear, ask your broker. That is what the service is for.',
      ],
    },
  ],
  closing:
    'Domain Broker: a personal broker to acquire the domain you want. Support in English, Spanish and Mandarin.',
  pageText: (n, total) => `Page ${n} of ${total}`,
};
