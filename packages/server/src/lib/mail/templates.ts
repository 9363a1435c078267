/**
 * Mail templates in English and Chinese. Each renders a subject, a plain-text body and a simple HTML
 * body; every value put into HTML is escaped.
 */
import { OTP_TTL_MINUTES } from '@domain-broker/shared/constants';
import type { MailTemplate } from './types.ts';

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

type Locale = 'en' | 'zh';
type Data = Record<string, string>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Copy {
  subject: (d: Data) => string;
  /** The first line; by default the locale's 'Hello {name},' (see GREETING). */
  greeting?: (d: Data) => string;
  lines: (d: Data) => string[];
  /** The value shown large in the HTML body (a code or a password), if any. */
  highlight?: (d: Data) => string;
}

/** The greeting and sign-off every template of a locale shares unless it has its own greeting. */
const GREETING: Record<Locale, (d: Data) => string> = {
  en: (d) => (d.name ? `Hello ${d.name},` : 'Hello,'),
  zh: (d) => (d.name ? `${d.name}，您好：` : '您好：'),
};
const CLOSING: Record<Locale, string> = { en: 'The Domain Broker team', zh: 'Domain Broker 团队' };
/** The footer of a non-transactional mail (it has `unsubscribeUrl`). */
const UNSUBSCRIBE: Record<Locale, (url: string) => string> = {
  en: (url) => `To stop receiving these emails, unsubscribe: ${url}`,
  zh: (url) => `如不想再收到此类邮件，请点击退订：${url}`,
};
const UNSUBSCRIBE_LABEL: Record<Locale, string> = { en: 'Unsubscribe from these emails', zh: '退订此类邮件' };

/** The broker workspace's step names (packages/shared/src/schemas/broker.ts TIMELINE_KINDS). */
const STEP: Record<Locale, Record<string, string>> = {
  en: {
    owner_identified: 'Owner identified',
    owner_contacted: 'Owner contacted',
    owner_replied: 'Owner replied',
    offer_sent: 'Offer sent',
    counter_offer: 'Counter-offer received',
    agreement: 'Agreement reached',
    escrow_opened: 'Escrow opened',
    transfer_complete: 'Transfer complete',
    note: 'Note from your broker',
  },
  zh: {
    owner_identified: '已确认域名持有人',
    owner_contacted: '已联系持有人',
    owner_replied: '持有人已回复',
    offer_sent: '已发出报价',
    counter_offer: '收到还价',
    agreement: '已达成协议',
    escrow_opened: '已开立托管',
    transfer_complete: '域名转移已完成',
    note: '经纪人备注',
  },
};
const CHANNEL: Record<Locale, Record<string, string>> = {
  en: {
    email: 'by email',
    phone: 'by phone',
    postal_mail: 'by postal mail',
    registrar_relay: "through the registrar's relay",
    marketplace: 'through a marketplace',
  },
  zh: {
    email: '通过电子邮件',
    phone: '通过电话',
    postal_mail: '通过邮寄信件',
    registrar_relay: '通过注册商转发',
    marketplace: '通过交易平台',
  },
};

/** The broker workspace (docs/api.md "The broker workspace"). Mails to the buyer name the broker, never their email or phone (B5). */
const BROKER_COPY = {
  'broker-step': {
    en: {
      subject: (d) => `${STEP.en[d.kind!] ?? 'News'}: ${d.domain}`,
      lines: (d) =>
        [
          `${d.broker || 'Your broker'} recorded a new step for ${d.domain} on ${d.date}: ${STEP.en[d.kind!] ?? d.kind}${d.channel ? ` (${CHANNEL.en[d.channel] ?? d.channel})` : ''}.`,
          d.amount ? `Amount: ${d.amount} USD` : '',
          d.note ? `Note: ${d.note}` : '',
          'You can follow every step and reply to your broker on your dashboard.',
          d.url ? d.url : '',
        ].filter(Boolean),
    },
    zh: {
      subject: (d) => `${STEP.zh[d.kind!] ?? '新进展'}：${d.domain}`,
      lines: (d) =>
        [
          `${d.broker || '您的经纪人'}于 ${d.date} 为 ${d.domain} 记录了新的进展：${STEP.zh[d.kind!] ?? d.kind}${d.channel ? `（${CHANNEL.zh[d.channel] ?? d.channel}）` : ''}。`,
          d.amount ? `金额：${d.amount} 美元` : '',
          d.note ? `备注：${d.note}` : '',
          '您可以在控制面板上查看每一步进展并回复您的经纪人。',
          d.url ? d.url : '',
        ].filter(Boolean),
    },
  },
  'buyer-message': {
    en: {
      subject: (d) => `${d.buyer} wrote about ${d.domain}`,
      lines: (d) =>
        [
          `${d.buyer} sent you a message about ${d.domain}:`,
          d.message ?? '',
          `Please answer within two business days (by ${d.due}). Lead: ${d.lead}`,
          d.url ? d.url : '',
        ].filter(Boolean),
    },
    zh: {
      subject: (d) => `${d.buyer} 关于 ${d.domain} 的留言`,
      lines: (d) =>
        [
          `${d.buyer} 就 ${d.domain} 给您留言：`,
          d.message ?? '',
          `请在两个工作日内（${d.due} 之前）回复。需求编号：${d.lead}`,
          d.url ? d.url : '',
        ].filter(Boolean),
    },
  },
  'alternate-decided': {
    en: {
      subject: (d) =>
        d.status === 'accepted'
          ? `Your broker accepted ${d.alternate}`
          : `Your broker will not pursue ${d.alternate}`,
      lines: (d) =>
        [
          d.status === 'accepted'
            ? `${d.broker || 'Your broker'} accepted the alternate domain ${d.alternate} for your request for ${d.domain} and will research it too.`
            : `${d.broker || 'Your broker'} decided not to pursue the alternate domain ${d.alternate} for your request for ${d.domain}.`,
          d.note ? `Note: ${d.note}` : '',
          d.url ? d.url : '',
        ].filter(Boolean),
    },
    zh: {
      subject: (d) =>
        d.status === 'accepted' ? `您的经纪人已接受 ${d.alternate}` : `您的经纪人不会跟进 ${d.alternate}`,
      lines: (d) =>
        [
          d.status === 'accepted'
            ? `${d.broker || '您的经纪人'}已接受您在 ${d.domain} 需求中添加的备选域名 ${d.alternate}，并将一并调查。`
            : `${d.broker || '您的经纪人'}决定不跟进您在 ${d.domain} 需求中添加的备选域名 ${d.alternate}。`,
          d.note ? `备注：${d.note}` : '',
          d.url ? d.url : '',
        ].filter(Boolean),
    },
  },
  'lead-sold': {
    en: {
      subject: (d) => `${d.domain} is yours: the purchase is complete`,
      lines: (d) =>
        [
          `Congratulations: the purchase of ${d.domain} was completed on ${d.date} for ${d.price} USD.`,
          `Our commission: ${d.commission} USD (${d.rule === 'minimum' ? `the minimum of ${d.minimum} USD` : `${d.percent}% of the price`}).`,
          d.url ? d.url : '',
        ].filter(Boolean),
      highlight: (d) => `${d.price} USD`,
    },
    zh: {
      subject: (d) => `${d.domain} 收购完成`,
      lines: (d) =>
        [
          `恭喜：${d.domain} 已于 ${d.date} 以 ${d.price} 美元成交。`,
          `我们的佣金：${d.commission} 美元（${d.rule === 'minimum' ? `最低佣金 ${d.minimum} 美元` : `成交价的 ${d.percent}%`}）。`,
          d.url ? d.url : '',
        ].filter(Boolean),
      highlight: (d) => `${d.price} 美元`,
    },
  },
  'lead-canceled': {
    en: {
      subject: (d) => `Your broker request for ${d.domain} is closed`,
      lines: (d) =>
        [
          `Your broker request for ${d.domain} was closed on ${d.date}.`,
          d.reason ? `Reason: ${d.reason}` : '',
          'You can start a new request at any time.',
          d.url ? d.url : '',
        ].filter(Boolean),
    },
    zh: {
      subject: (d) => `您关于 ${d.domain} 的经纪请求已关闭`,
      lines: (d) =>
        [
          `您关于 ${d.domain} 的经纪请求已于 ${d.date} 关闭。`,
          d.reason ? `原因：${d.reason}` : '',
          '您可以随时发起新的请求。',
          d.url ? d.url : '',
        ].filter(Boolean),
    },
  },
  'lead-reassigned': {
    en: {
      subject: (d) => `New lead for you: ${d.domain}`,
      lines: (d) =>
        [
          `The lead for ${d.domain} (buyer: ${d.buyer}) is now yours.`,
          d.due ? `The buyer is waiting for news: please write to them by ${d.due}.` : '',
          d.url ? d.url : '',
        ].filter(Boolean),
    },
    zh: {
      subject: (d) => `新分配给您的需求：${d.domain}`,
      lines: (d) =>
        [
          `${d.domain} 的需求（买家：${d.buyer}）现已分配给您。`,
          d.due ? `买家正在等待消息：请在 ${d.due} 之前与其联系。` : '',
          d.url ? d.url : '',
        ].filter(Boolean),
    },
  },
  'service-stop-requested': {
    en: {
      subject: (d) => `${d.buyer} stopped the service for ${d.domain}`,
      lines: (d) =>
        [
          d.now === 'yes'
            ? `${d.buyer} asked to stop the broker service for ${d.domain} during the holdover: the lead is closed as of ${d.date}.`
            : `${d.buyer} asked to stop the broker service for ${d.domain}: it ends with the initial term on ${d.date}.`,
          d.tail
            ? `Our commission stays due until ${d.tail} (six months after the last contact on their behalf).`
            : '',
          `Lead: ${d.lead}`,
        ].filter(Boolean),
    },
    zh: {
      subject: (d) => `${d.buyer} 已停止 ${d.domain} 的经纪服务`,
      lines: (d) =>
        [
          d.now === 'yes'
            ? `${d.buyer} 在延续期内要求停止 ${d.domain} 的经纪服务：该需求自 ${d.date} 起关闭。`
            : `${d.buyer} 要求停止 ${d.domain} 的经纪服务：服务将于初始期限结束时（${d.date}）终止。`,
          d.tail ? `我们的佣金在 ${d.tail} 之前仍然有效（最后一次代表其联系后六个月）。` : '',
          `需求编号：${d.lead}`,
        ].filter(Boolean),
    },
  },
} satisfies Partial<Record<MailTemplate, Record<Locale, Copy>>>;

const COPY: Record<MailTemplate, Record<Locale, Copy>> = {
  'verification-code': {
    en: {
      subject: () => 'Your Domain Broker verification code',
      lines: (d) => [
        `Your verification code is ${d.code}.`,
        `Enter it on the verification screen within ${OTP_TTL_MINUTES} minutes to confirm your email address.`,
        'If you did not create an account, you can ignore this message.',
      ],
      highlight: (d) => d.code!,
    },
    zh: {
      subject: () => 'Domain Broker 验证码',
      lines: (d) => [
        `您的验证码是 ${d.code}。`,
        `请在 ${OTP_TTL_MINUTES} 分钟内在验证页面输入此验证码，以确认您的电子邮箱地址。`,
        '如果您没有注册账户，请忽略此邮件。',
      ],
      highlight: (d) => d.code!,
    },
  },
  'reset-code': {
    en: {
      subject: () => 'Reset your Domain Broker password',
      lines: (d) => [
        `Your password reset code is ${d.code}.`,
        `It expires in ${OTP_TTL_MINUTES} minutes and works once.`,
        'If you did not ask to reset your password, ignore this message: your password stays as it is.',
      ],
      highlight: (d) => d.code!,
    },
    zh: {
      subject: () => '重置您的 Domain Broker 密码',
      lines: (d) => [
        `您的密码重置验证码是 ${d.code}。`,
        `验证码 ${OTP_TTL_MINUTES} 分钟内有效，且只能使用一次。`,
        '如果您没有申请重置密码，请忽略此邮件，您的密码不会改变。',
      ],
      highlight: (d) => d.code!,
    },
  },
  'temporary-password': {
    en: {
      subject: () => 'Your Domain Broker account is ready',
      lines: (d) => [
        `We created your account for ${d.email}. Your temporary password is ${d.password}.`,
        'Sign in with it and choose a new password under Change password.',
      ],
      highlight: (d) => d.password!,
    },
    zh: {
      subject: () => '您的 Domain Broker 账户已创建',
      lines: (d) => [
        `我们已为 ${d.email} 创建账户。您的临时密码是 ${d.password}。`,
        '请使用该密码登录，并在“修改密码”中设置新密码。',
      ],
      highlight: (d) => d.password!,
    },
  },
  'account-created': {
    en: {
      subject: () => 'Your Domain Broker account is ready',
      greeting: (d) => (d.name ? `Hello ${d.name},` : 'Hello,'),
      lines: (d) => [
        `An administrator created a Domain Broker account for ${d.email}${d.role ? ` (${d.role})` : ''}.`,
        `Choose your password with this link. It works once, until ${d.date}:`,
        d.url!,
        'If you did not expect this message, ignore it: nobody can sign in until a password is chosen.',
      ],
    },
    zh: {
      subject: () => '您的 Domain Broker 账户已创建',
      greeting: (d) => (d.name ? `${d.name}，您好：` : '您好：'),
      lines: (d) => [
        `管理员已为 ${d.email} 创建 Domain Broker 账户${d.role ? `（${d.role}）` : ''}。`,
        `请通过以下链接设置密码。该链接只能使用一次，有效期至 ${d.date}：`,
        d.url!,
        '如果您没有预期收到此邮件，请忽略：在设置密码之前，任何人都无法登录。',
      ],
    },
  },
  welcome: {
    en: {
      subject: () => 'Welcome to Domain Broker',
      greeting: (d) => (d.name ? `Welcome, ${d.name}!` : 'Welcome!'),
      lines: (d) =>
        [
          'Your email address is confirmed and your account is ready.',
          'Appraise any domain for free, or hire a personal broker to acquire a name someone else already holds.',
          d.url ? `Start here: ${d.url}` : '',
        ].filter(Boolean),
    },
    zh: {
      subject: () => '欢迎使用 Domain Broker',
      greeting: (d) => (d.name ? `${d.name}，欢迎您！` : '欢迎您！'),
      lines: (d) =>
        [
          '您的电子邮箱已确认，账户已可使用。',
          '您可以免费评估任何域名，也可以聘请专属经纪人，帮您从现有持有人手中购得心仪的域名。',
          d.url ? `从这里开始：${d.url}` : '',
        ].filter(Boolean),
    },
  },
  'appraisal-certificate': {
    en: {
      subject: (d) => `Appraisal certificate for ${d.domain}`,
      lines: (d) =>
        [
          `Attached is the appraisal certificate for ${d.domain} (PDF).`,
          `Estimated market value: ${d.value}, in a range of ${d.low} to ${d.high}. Suggested list price: ${d.listPrice}.`,
          `Certificate ID: ${d.certificateId}, issued ${d.date}.`,
          'Want a personal broker to buy or sell this name for you? Reply to this message.',
          d.url ? `Appraise another domain: ${d.url}` : '',
        ].filter(Boolean),
      highlight: (d) => d.value!,
    },
    zh: {
      subject: (d) => `${d.domain} 的域名估价证书`,
      lines: (d) =>
        [
          `附件是 ${d.domain} 的域名估价证书（PDF）。`,
          `估计市场价值：${d.value}，区间 ${d.low} 至 ${d.high}。建议挂牌价：${d.listPrice}。`,
          `证书编号：${d.certificateId}，签发日期 ${d.date}。`,
          '如需专属经纪人为您购买或出售此域名，请直接回复本邮件。',
          d.url ? `评估其他域名：${d.url}` : '',
        ].filter(Boolean),
      highlight: (d) => d.value!,
    },
  },
  'weekly-appraisal-report': {
    en: {
      subject: () => 'Your weekly appraisal report',
      lines: (d) =>
        [
          `You appraised ${d.count} ${d.count === '1' ? 'domain' : 'domains'} from ${d.from} to ${d.to}:`,
          ...(d.list ?? '').split('\n').filter(Boolean),
          d.url ? `See your appraisals: ${d.url}` : '',
          'You receive this report because it is enabled for your account; an administrator can turn it off.',
        ].filter(Boolean),
    },
    zh: {
      subject: () => '您的每周域名估价报告',
      lines: (d) =>
        [
          `${d.from} 至 ${d.to} 期间，您共评估了 ${d.count} 个域名：`,
          ...(d.list ?? '').split('\n').filter(Boolean),
          d.url ? `查看您的估价记录：${d.url}` : '',
          '您收到此报告是因为您的账户已开启该功能，管理员可以为您关闭。',
        ].filter(Boolean),
    },
  },
  // The checkout. The broker introduction names the broker and links to the agent page;
  // it never carries the broker's email or phone (decision B5).
  'payment-receipt': {
    en: {
      subject: (d) => `Receipt: ${d.amount} for your broker for ${d.domain}`,
      lines: (d) =>
        [
          d.method === 'promo'
            ? `Your promo code paid the ${d.fee} initial fee in full on ${d.date}: a personal broker will acquire ${d.domain} for you.`
            : `We received your payment of ${d.amount} on ${d.date} for a personal broker to acquire ${d.domain}.`,
          d.last4
            ? `Paid with the card ending in ${d.last4}.`
            : d.method === 'promo'
              ? 'Paid with a promo code: nothing was charged to a card.'
              : '',
          `Receipt number: ${d.receipt}.`,
          'What happens next: tell your broker how you would like to be contacted and any questions you have. Your broker then researches the owner and contacts them for you, and keeps you informed at each step.',
          d.url ? `Tell your broker: ${d.url}` : '',
        ].filter(Boolean),
      highlight: (d) => (d.method === 'promo' ? '' : d.amount!),
    },
    zh: {
      subject: (d) => `付款收据：${d.domain} 的经纪服务 ${d.amount}`,
      lines: (d) =>
        [
          d.method === 'promo'
            ? `您的优惠码已于 ${d.date} 全额支付 ${d.fee} 的初始服务费：专属经纪人将为您收购 ${d.domain}。`
            : `我们已于 ${d.date} 收到您为收购 ${d.domain} 聘请专属经纪人的付款 ${d.amount}。`,
          d.last4
            ? `付款卡号尾号 ${d.last4}。`
            : d.method === 'promo'
              ? '使用优惠码支付，未从银行卡扣款。'
              : '',
          `收据编号：${d.receipt}。`,
          '接下来：请告诉您的经纪人您希望的联系方式以及您的问题。经纪人随后会调查域名持有人并代表您与其联系，每一步都会通知您。',
          d.url ? `告诉您的经纪人：${d.url}` : '',
        ].filter(Boolean),
      highlight: (d) => (d.method === 'promo' ? '' : d.amount!),
    },
  },
  'broker-introduction': {
    en: {
      subject: (d) => `Meet ${d.broker}, your broker for ${d.domain}`,
      lines: (d) =>
        [
          `${d.broker} is your personal broker for ${d.domain}.`,
          'Your broker will research the current owner and negotiate for you. Before you are put in touch directly, please answer a few questions and agree to the broker service terms on your agent page.',
          d.url ? `Open your agent page: ${d.url}` : '',
        ].filter(Boolean),
    },
    zh: {
      subject: (d) => `${d.broker} 是您 ${d.domain} 的专属经纪人`,
      lines: (d) =>
        [
          `${d.broker} 将担任您收购 ${d.domain} 的专属经纪人。`,
          '您的经纪人会调查域名的现有持有人并代表您进行谈判。在与经纪人直接联系之前，请在经纪人页面回答几个问题并同意经纪服务条款。',
          d.url ? `打开经纪人页面：${d.url}` : '',
        ].filter(Boolean),
    },
  },
  'lead-unassigned': {
    en: {
      subject: (d) => `Paid lead without a broker: ${d.domain}`,
      greeting: () => 'Hello team,',
      lines: (d) => [
        `A buyer (${d.buyer}) paid for a broker for ${d.domain} on ${d.date}, but no consultant is active and accepting leads.`,
        `Please assign a broker to lead ${d.lead}.`,
      ],
    },
    zh: {
      subject: (d) => `已付款但未分配经纪人的需求：${d.domain}`,
      greeting: () => '团队各位好：',
      lines: (d) => [
        `买家（${d.buyer}）已于 ${d.date} 为 ${d.domain} 付款聘请经纪人，但目前没有可接单的顾问。`,
        `请为需求 ${d.lead} 分配经纪人。`,
      ],
    },
  },
  'refund-notice': {
    en: {
      subject: (d) =>
        d.amountCents === '0'
          ? `Your broker request for ${d.domain} is closed`
          : `Refund of ${d.amount} for ${d.domain}`,
      lines: (d) =>
        [
          d.amountCents === '0'
            ? `Your broker request for ${d.domain} is closed and the promo code payment is cancelled; nothing was charged, so no money is returned.`
            : `We refunded ${d.amount} for your broker request for ${d.domain} on ${d.date}.`,
          d.last4
            ? `The money goes back to the card ending in ${d.last4}; banks usually show it within 5 to 10 business days.`
            : '',
          d.reason ? `Reason: ${d.reason}` : '',
          'Your request is closed. You can start a new one at any time.',
          d.url ? d.url : '',
        ].filter(Boolean),
    },
    zh: {
      subject: (d) =>
        d.amountCents === '0' ? `您关于 ${d.domain} 的经纪请求已关闭` : `${d.domain} 的退款 ${d.amount}`,
      lines: (d) =>
        [
          d.amountCents === '0'
            ? `您关于 ${d.domain} 的经纪请求已关闭，优惠码付款已取消；由于未收取任何费用，因此没有退款金额。`
            : `我们已于 ${d.date} 退还您关于 ${d.domain} 的经纪服务费 ${d.amount}。`,
          d.last4 ? `款项将退回尾号 ${d.last4} 的银行卡，银行通常在 5 至 10 个工作日内显示。` : '',
          d.reason ? `原因：${d.reason}` : '',
          '您的请求已关闭，您可以随时发起新的请求。',
          d.url ? d.url : '',
        ].filter(Boolean),
    },
  },
  'promo-code': {
    en: {
      subject: () => 'Your Domain Broker promo code',
      lines: (d) =>
        [
          `Your promo code is ${d.code}. It pays the ${d.fee} USD initial fee in full when you hire a personal broker.`,
          `Enter it on the checkout page (Hire a broker) and choose Apply. It works once, for your account only, until ${d.validThru}.`,
          d.url ? `Start here: ${d.url}` : '',
        ].filter(Boolean),
      highlight: (d) => d.code!,
    },
    zh: {
      subject: () => '您的 Domain Broker 优惠码',
      lines: (d) =>
        [
          `您的优惠码是 ${d.code}。聘请专属经纪人时，它可全额抵扣 ${d.fee} 美元的初始费用。`,
          `请在结账页面（聘请经纪人）输入并点击“应用”。此优惠码仅限您的账户使用一次，有效期至 ${d.validThru}。`,
          d.url ? `从这里开始：${d.url}` : '',
        ].filter(Boolean),
      highlight: (d) => d.code!,
    },
  },
  'enquiry-received': {
    en: {
      subject: (d) => `We received your enquiry about ${d.domain}`,
      lines: (d) => [
        `Thank you for your enquiry about ${d.domain}${d.offer ? ` (budget: ${d.offer} USD)` : ''}.`,
        'One of our agents will get back to you within one business day or less.',
      ],
    },
    zh: {
      subject: (d) => `我们已收到您关于 ${d.domain} 的咨询`,
      lines: (d) => [
        `感谢您咨询 ${d.domain}${d.offer ? `（预算：${d.offer} 美元）` : ''}。`,
        '我们的经纪人将在一个工作日内与您联系。',
      ],
    },
  },
  'staff-enquiry': {
    en: {
      subject: (d) => `New enquiry: ${d.domain}`,
      greeting: () => 'Hello team,',
      lines: (d) =>
        [
          `${d.buyer} sent a direct enquiry about ${d.domain}.`,
          `Budget: ${d.offer ? `${d.offer} USD` : 'none given'}.`,
          d.registrar ? `Registrar: ${d.registrar}.` : 'No registrar.',
          d.referrer ? `Came from: ${d.referrer}.` : '',
          'Please answer within one business day (the buyer was told so).',
        ].filter(Boolean),
    },
    zh: {
      subject: (d) => `新咨询：${d.domain}`,
      greeting: () => '团队好：',
      lines: (d) =>
        [
          `${d.buyer} 提交了关于 ${d.domain} 的直接咨询。`,
          `预算：${d.offer ? `${d.offer} 美元` : '未填写'}。`,
          d.registrar ? `注册商：${d.registrar}。` : '无注册商。',
          d.referrer ? `来源：${d.referrer}。` : '',
          '请在一个工作日内回复（已告知买家）。',
        ].filter(Boolean),
    },
  },
  'staff-low-budget': {
    en: {
      subject: (d) => `Low budget: ${d.domain}`,
      greeting: () => 'Hello team,',
      lines: (d) =>
        [
          `${d.visitor} wants ${d.domain} with a budget under ${d.threshold} USD: ${d.offer ? `${d.offer} USD` : 'none given'}.`,
          d.budget ? `Raised budget: ${d.budget} USD.` : '',
          d.note ? `Note: ${d.note}` : '',
          d.source ? `Source: ${d.source}.` : '',
          d.registrar ? `Registrar: ${d.registrar}.` : '',
        ].filter(Boolean),
    },
    zh: {
      subject: (d) => `低预算：${d.domain}`,
      greeting: () => '团队好：',
      lines: (d) =>
        [
          `${d.visitor} 想要 ${d.domain}，预算低于 ${d.threshold} 美元：${d.offer ? `${d.offer} 美元` : '未填写'}。`,
          d.budget ? `提高后的预算：${d.budget} 美元。` : '',
          d.note ? `备注：${d.note}` : '',
          d.source ? `来源：${d.source}。` : '',
          d.registrar ? `注册商：${d.registrar}。` : '',
        ].filter(Boolean),
    },
  },
  'survey-answers': {
    en: {
      subject: (d) => `Survey answers for ${d.domain}`,
      lines: (d) =>
        [
          `${d.buyer} answered the questions about ${d.domain}.`,
          `Budget: ${d.budget || 'not given'}`,
          `Deadline: ${d.deadline || 'none'}`,
          `Has been in touch with the owner before: ${d.beSeen === 'yes' ? 'yes' : 'no'}`,
          `Preferred contact: ${{ Phone: 'phone call', PhoneText: 'text message', Email: 'email' }[d.contact!] ?? 'not given'}${d.text === 'yes' ? ' (text messages welcome)' : ''}`,
          d.phone ? `Phone: ${d.phone}` : '',
          d.email ? `Email: ${d.email}` : '',
          d.time ? `Best time to reach them: ${d.time}` : '',
          `Questions or comments: ${d.questions || 'none'}`,
          `Lead: ${d.lead}`,
          'They were told you will get back to them in one to two business days.',
        ].filter(Boolean),
    },
    zh: {
      subject: (d) => `${d.domain} 的问卷回答`,
      lines: (d) =>
        [
          `${d.buyer} 已回答关于 ${d.domain} 的问题。`,
          `预算：${d.budget || '未填写'}`,
          `截止日期：${d.deadline || '无'}`,
          `此前是否联系过持有人：${d.beSeen === 'yes' ? '是' : '否'}`,
          `首选联系方式：${{ Phone: '电话', PhoneText: '短信', Email: '电子邮件' }[d.contact!] ?? '未填写'}${d.text === 'yes' ? '（可接收短信）' : ''}`,
          d.phone ? `电话：${d.phone}` : '',
          d.email ? `电子邮箱：${d.email}` : '',
          d.time ? `方便联系的时间：${d.time}` : '',
          `问题或备注：${d.questions || '无'}`,
          `需求编号：${d.lead}`,
          '已告知买家您将在一到两个工作日内回复。',
        ].filter(Boolean),
    },
  },
  'survey-thanks': {
    en: {
      subject: (d) => `Thank you: your broker is researching ${d.domain}`,
      lines: (d) =>
        [
          `Thank you for the information. Your Domain Broker will be conducting some preliminary research regarding ${d.domain} and will get back to you in one to two business days.`,
          d.url ? `You can change your answers at any time: ${d.url}` : '',
        ].filter(Boolean),
    },
    zh: {
      subject: (d) => `感谢您：您的经纪人正在调查 ${d.domain}`,
      lines: (d) =>
        [
          `感谢您提供的信息。您的域名经纪人将对 ${d.domain} 进行初步调查，并在一到两个工作日内与您联系。`,
          d.url ? `您可以随时修改您的回答：${d.url}` : '',
        ].filter(Boolean),
    },
  },
  'survey-reminder': {
    en: {
      subject: (d) => `A few questions about ${d.domain} from your broker`,
      lines: (d) =>
        [
          `You hired a personal broker for ${d.domain} on ${d.date}. To start the research, your broker needs a few answers: your budget, your deadline, whether you have been in touch with the owner, and how and when to reach you.`,
          'Every question is optional and it takes two minutes.',
          d.url ? `Answer here: ${d.url}` : '',
        ].filter(Boolean),
    },
    zh: {
      subject: (d) => `您的经纪人想了解关于 ${d.domain} 的几个问题`,
      lines: (d) =>
        [
          `您于 ${d.date} 聘请了专属经纪人收购 ${d.domain}。为开始调查，您的经纪人需要了解：您的预算、期限、是否联系过持有人，以及如何、何时与您联系。`,
          '所有问题均为选填，只需两分钟。',
          d.url ? `在此回答：${d.url}` : '',
        ].filter(Boolean),
    },
  },
  ...BROKER_COPY,
  // Contact Us (docs/product.md "Contact Us"): a receipt to the sender and the request to staff.
  'contact-received': {
    en: {
      subject: (d) => `We received your message about ${d.domain}`,
      lines: (d) =>
        [
          `Thank you for contacting Domain Broker about ${d.domain}.`,
          'One of our agents will get back to you within one business day or less.',
          d.comments ? `Your message: ${d.comments}` : '',
          'If you did not send this message, you can ignore this email.',
        ].filter(Boolean),
    },
    zh: {
      subject: (d) => `我们已收到您关于 ${d.domain} 的留言`,
      lines: (d) =>
        [
          `感谢您就 ${d.domain} 联系 Domain Broker。`,
          '我们的经纪人将在一个工作日内与您联系。',
          d.comments ? `您的留言：${d.comments}` : '',
          '如果您没有发送过此留言，请忽略此邮件。',
        ].filter(Boolean),
    },
  },
  'staff-contact': {
    en: {
      subject: (d) => `Contact Us: ${d.domain}`,
      greeting: () => 'Hello team,',
      lines: (d) =>
        [
          `${d.name} (${d.email}, ${d.phone}) wrote through Contact Us about ${d.domain}.`,
          `Budget: ${d.budget ? `${d.budget} USD` : 'none given'}.`,
          `Message: ${d.comments}`,
          d.account ? `Signed in as ${d.account}.` : 'Not signed in.',
          'Please answer within one business day (the sender was told so).',
        ].filter(Boolean),
    },
    zh: {
      subject: (d) => `联系我们：${d.domain}`,
      greeting: () => '团队好：',
      lines: (d) =>
        [
          `${d.name}（${d.email}，${d.phone}）通过“联系我们”咨询 ${d.domain}。`,
          `预算：${d.budget ? `${d.budget} 美元` : '未填写'}。`,
          `留言：${d.comments}`,
          d.account ? `登录账户：${d.account}。` : '未登录。',
          '请在一个工作日内回复（已告知对方）。',
        ].filter(Boolean),
    },
  },
  // The sell submission (decision B12): the address is confirmed by the link before any account changes.
  'sell-verify': {
    en: {
      subject: () => 'Confirm your email to list your domains with Domain Broker',
      lines: (d) =>
        [
          `We received your request to sell ${d.domains} through a Domain Broker broker.`,
          'Please confirm that this is your email address: your seller account is set up only after you do.',
          `Confirm here: ${d.url}`,
          `The link works once and expires in ${d.hours} hours. If you did not send this request, ignore this email: nothing changes.`,
        ].filter(Boolean),
    },
    zh: {
      subject: () => '请确认您的电子邮箱，以便通过 Domain Broker 出售域名',
      lines: (d) =>
        [
          `我们已收到您通过 Domain Broker 经纪人出售 ${d.domains} 的请求。`,
          '请确认这是您的电子邮箱：确认后我们才会为您设置卖家账户。',
          `点此确认：${d.url}`,
          `此链接只能使用一次，${d.hours} 小时内有效。如果您没有提交此请求，请忽略此邮件，任何内容都不会改变。`,
        ].filter(Boolean),
    },
  },
  'sell-received': {
    en: {
      subject: () => 'Your domains are with a Domain Broker broker',
      lines: (d) =>
        [
          `Thank you: your email address is confirmed and your seller account is ready. We received ${d.domains}.`,
          `To show buyers that the names are for sale, point them to our sales pages with these nameservers: ${d.ns1} and ${d.ns2}.`,
          `For help with onboarding, write to ${d.support}.`,
          d.url ? `Sign in as a seller: ${d.url}` : '',
        ].filter(Boolean),
    },
    zh: {
      subject: () => '您的域名已交由 Domain Broker 经纪人处理',
      lines: (d) =>
        [
          `谢谢：您的电子邮箱已确认，卖家账户已可使用。我们已收到 ${d.domains}。`,
          `为向买家展示这些域名正在出售，请将域名服务器设置为：${d.ns1} 和 ${d.ns2}。`,
          `如需入驻帮助，请发送邮件至 ${d.support}。`,
          d.url ? `以卖家身份登录：${d.url}` : '',
        ].filter(Boolean),
    },
  },
  'staff-sell': {
    en: {
      subject: (d) => `Sell submission: ${d.domains}`,
      greeting: () => 'Hello team,',
      lines: (d) =>
        [
          `${d.name} (${d.email}, ${d.phone}) wants to sell: ${d.domains}.`,
          d.price ? `Price: ${d.price} USD; minimum quote: ${d.minQuote} USD.` : '',
          d.value ? `Appraised value: ${d.value} USD${d.worth ? ` (${d.worth})` : ''}.` : '',
          d.formName ? `Form: ${d.formName}.` : '',
          d.source ? `Source: ${d.source}.` : '',
          d.comment ? `Comment: ${d.comment}` : '',
          d.verified === 'yes'
            ? 'The address is confirmed.'
            : 'The address is not confirmed yet: the seller was sent a confirmation link.',
        ].filter(Boolean),
    },
    zh: {
      subject: (d) => `出售申请：${d.domains}`,
      greeting: () => '团队好：',
      lines: (d) =>
        [
          `${d.name}（${d.email}，${d.phone}）希望出售：${d.domains}。`,
          d.price ? `价格：${d.price} 美元；最低报价：${d.minQuote} 美元。` : '',
          d.value ? `估价：${d.value} 美元${d.worth ? `（${d.worth}）` : ''}。` : '',
          d.formName ? `表单：${d.formName}。` : '',
          d.source ? `来源：${d.source}。` : '',
          d.comment ? `备注：${d.comment}` : '',
          d.verified === 'yes' ? '邮箱已确认。' : '邮箱尚未确认：已向卖家发送确认链接。',
        ].filter(Boolean),
    },
  },
  'staff-sell-comment': {
    en: {
      subject: (d) => `Comment on sell submission: ${d.domains}`,
      greeting: () => 'Hello team,',
      lines: (d) => [
        `${d.name} (${d.email}) added a comment to their submission of ${d.domains}:`,
        d.comments ?? '',
      ],
    },
    zh: {
      subject: (d) => `出售申请备注：${d.domains}`,
      greeting: () => '团队好：',
      lines: (d) => [`${d.name}（${d.email}）为出售申请 ${d.domains} 添加了备注：`, d.comments ?? ''],
    },
  },
};

/** Every template of the catalogue (the development preview lists them). */
export const MAIL_TEMPLATES = Object.keys(COPY) as MailTemplate[];

export function renderMail(template: MailTemplate, locale: Locale, data: Data): Rendered {
  const lang: Locale = COPY[template][locale] ? locale : 'en';
  const copy = COPY[template][lang];
  const greeting = (copy.greeting ?? GREETING[lang])(data);
  const closing = CLOSING[lang];
  const lines = copy.lines(data);
  const stop = data.unsubscribeUrl ? UNSUBSCRIBE[lang](data.unsubscribeUrl) : '';
  const text = [greeting, '', ...lines, '', closing, ...(stop ? ['', stop] : [])].join('\n');
  const highlight = copy.highlight?.(data);
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#14213d;line-height:1.6;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(greeting)}</p>
${highlight ? `<p style="font-size:28px;font-weight:bold;letter-spacing:4px;color:#0b5cad">${escapeHtml(highlight)}</p>` : ''}
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p>${escapeHtml(closing)}</p>
${data.unsubscribeUrl ? `<p style="font-size:12px;color:#5b6b7f"><a href="${escapeHtml(data.unsubscribeUrl)}">${escapeHtml(UNSUBSCRIBE_LABEL[lang])}</a></p>` : ''}
</body></html>`;
  return { subject: copy.subject(data), text, html };
}
