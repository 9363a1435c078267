/**
 * Every text the frame shows, per language. English is the fallback; Chinese is the product's second
 * interface language. The host's `locale` picks the table (`zh`, `zh-CN`, `zh-TW` → Chinese).
 * The refusal notice is always English: a refused frame never receives the host's config.
 * Prices come from the shared pricing module (the frame's visitors are registrar-referred buyers).
 */
import {
  formatUsd,
  INITIAL_FEE_CENTS,
  REGISTRAR_REFERRED_COMMISSION_PERCENT,
} from '@domain-broker/shared/pricing';

export const FEE_USD = formatUsd(INITIAL_FEE_CENTS);
const COMMISSION = `${REGISTRAR_REFERRED_COMMISSION_PERCENT}%`;

export interface Copy {
  eyebrow: string;
  taken: (domain: string) => string;
  takenGeneric: string;
  pitch: string;
  fee: string;
  commission: string;
  cta: string;
  ctaHint: string;
  brokerTitle: string;
  brokerLead: string;
  avatarAlt: string;
  detailsSummary: string;
  steps: readonly string[];
  partner: (name: string) => string;
  poweredBy: string;
  searchLabel: string;
  searchPlaceholder: string;
  searchButton: string;
  searchTitle: string;
  emptyDomain: string;
  invalidDomain: string;
  searchAgain: string;
  unavailable: string;
}

export const en: Copy = {
  eyebrow: 'Domain unavailable',
  taken: (domain) => `${domain} is already registered`,
  takenGeneric: 'This domain is already registered',
  pitch:
    'It may still be yours. A personal domain broker can find out who holds it and try to buy it from them for you.',
  fee: `${FEE_USD} USD initial fee to hire your broker, refunded if the broker declines the job.`,
  commission: `A ${COMMISSION} commission on top of the negotiated price.`,
  cta: 'Get Started',
  ctaHint: 'opens in a new tab',
  brokerTitle: 'Meet your domain broker',
  brokerLead: 'A dedicated broker handles the whole purchase for you.',
  avatarAlt: 'Your Domain Broker agent',
  detailsSummary: 'How it works',
  steps: [
    'You hire a broker for a one-time initial fee. If the broker declines the job, the fee is refunded.',
    'Your broker researches the domain: who holds it, what it is worth and how long a deal may take.',
    'Your broker contacts the owner and negotiates the price on your behalf.',
    `When you agree on a price, a ${COMMISSION} commission on top of the negotiated price applies.`,
  ],
  partner: (name) => `Offered with ${name}`,
  poweredBy: 'Service by Domain Broker',
  searchLabel: 'Domain name',
  searchPlaceholder: 'example.com',
  searchButton: 'Search',
  searchTitle: 'Find the domain you want',
  emptyDomain: 'Please Enter Domain Name',
  invalidDomain: 'Please Enter Valid Domain Name',
  searchAgain: 'Search another domain',
  unavailable: 'This content is not available here.',
};

export const zh: Copy = {
  eyebrow: '域名已被注册',
  taken: (domain) => `${domain} 已被他人注册`,
  takenGeneric: '该域名已被他人注册',
  pitch: '它仍有可能属于您。专属域名经纪人可以查明当前持有人，并代表您尝试向其购买。',
  fee: `聘请经纪人的首付费用为 ${FEE_USD} 美元；如经纪人拒绝接受委托，费用将全额退还。`,
  commission: `在最终谈定的价格之上收取 ${COMMISSION} 的佣金。`,
  cta: '立即开始',
  ctaHint: '在新标签页中打开',
  brokerTitle: '认识您的域名经纪人',
  brokerLead: '专属经纪人为您处理整个购买过程。',
  avatarAlt: '您的域名经纪人',
  detailsSummary: '服务流程',
  steps: [
    '支付一次性首付费用即可聘请经纪人。如经纪人拒绝接受委托，费用将退还。',
    '经纪人调研该域名：持有人是谁、价值多少、交易大约需要多长时间。',
    '经纪人联系持有人，并代表您协商价格。',
    `双方就价格达成一致后，在谈定价格之上收取 ${COMMISSION} 的佣金。`,
  ],
  partner: (name) => `由 ${name} 提供`,
  poweredBy: 'Domain Broker 提供服务',
  searchLabel: '域名',
  searchPlaceholder: 'example.com',
  searchButton: '搜索',
  searchTitle: '查找您想要的域名',
  emptyDomain: '请输入域名',
  invalidDomain: '请输入有效的域名',
  searchAgain: '搜索其他域名',
  unavailable: en.unavailable,
};

/** The table for a BCP 47 tag; anything that is not Chinese falls back to English. */
export function copyFor(locale: string): Copy {
  return /^zh\b/i.test(locale) ? zh : en;
}
