/**
 * Every text the frame shows, per language. English is the fallback; Chinese is the product's second
 * interface language. The host's `locale` picks the table (`zh`, `zh-CN`, `zh-TW` → Chinese).
 * The refusal notice is always English: a refused frame never receives the host's config.
 * Prices come from the shared pricing module (the frame's visitors are registrar-referred buyers).
 */
import { PRICE_TEXT } from '@domain-broker/shared/pricing';

/** "19.95": the initial fee as every page prints it. */
export const FEE_USD = PRICE_TEXT.initialFee;
/** "20%": what a registrar-referred buyer pays on top of the price (the 'registrar' channel). */
const COMMISSION = PRICE_TEXT.registrarCommissionPercent;

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
  /** While the frame asks the registry about a searched name. */
  checking: (domain: string) => string;
  availableEyebrow: string;
  available: (domain: string) => string;
  /** `name` is the registrar's, '' when unknown. */
  availableLead: (name: string) => string;
  registerCta: string;
  /** The registry could not say: neutral wording that still offers the broker. */
  unknownEyebrow: string;
  unknown: (domain: string) => string;
  unknownPitch: string;
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
  checking: (domain) => `Checking ${domain}…`,
  availableEyebrow: 'Domain available',
  available: (domain) => `${domain} is available`,
  availableLead: (name) =>
    `Nobody has registered it yet: you can register it with ${name || 'your registrar'} now, no broker needed.`,
  registerCta: 'Register It',
  unknownEyebrow: 'Domain search',
  unknown: (domain) => `We could not check ${domain} just now`,
  unknownPitch:
    'If it is already registered, it may still be yours: a personal domain broker can find out who holds it and try to buy it from them for you.',
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
  checking: (domain) => `正在查询 ${domain}…`,
  availableEyebrow: '域名可注册',
  available: (domain) => `${domain} 尚未被注册`,
  availableLead: (name) =>
    `目前还没有人注册这个域名：您现在就可以通过${name || '您的注册商'}注册，无需经纪人。`,
  registerCta: '立即注册',
  unknownEyebrow: '域名查询',
  unknown: (domain) => `暂时无法查询 ${domain} 的注册状态`,
  unknownPitch:
    '如果该域名已被注册，它仍有可能属于您：专属域名经纪人可以查明当前持有人，并代表您尝试向其购买。',
};

/** The table for a BCP 47 tag; anything that is not Chinese falls back to English. */
export function copyFor(locale: string): Copy {
  return /^zh\b/i.test(locale) ? zh : en;
}
