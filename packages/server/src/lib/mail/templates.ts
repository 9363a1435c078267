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
};

export function renderMail(template: MailTemplate, locale: Locale, data: Data): Rendered {
  const lang: Locale = COPY[template][locale] ? locale : 'en';
  const copy = COPY[template][lang];
  const greeting = (copy.greeting ?? GREETING[lang])(data);
  const closing = CLOSING[lang];
  const lines = copy.lines(data);
  const text = [greeting, '', ...lines, '', closing].join('\n');
  const highlight = copy.highlight?.(data);
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#14213d;line-height:1.6;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(greeting)}</p>
${highlight ? `<p style="font-size:28px;font-weight:bold;letter-spacing:4px;color:#0b5cad">${escapeHtml(highlight)}</p>` : ''}
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p>${escapeHtml(closing)}</p>
</body></html>`;
  return { subject: copy.subject(data), text, html };
}
