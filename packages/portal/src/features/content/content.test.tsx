import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type I18n, setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentType, ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AboutPage from './about/page.tsx';
import BlockedCountryPage from './blocked-country/page.tsx';
import FaqPage from './faq/page.tsx';
import { HeroMedia, LOADER_MAX_MS } from './home/HeroMedia.tsx';
import HomePage from './home/page.tsx';
import BuyerPrivacy from './legal/buyer-privacy.tsx';
import BuyerTerms from './legal/buyer-terms.tsx';
import { BuyerPrivacyPage, BuyerTermsPage, SellerPrivacyPage, SellerTermsPage } from './legal/pages.tsx';
import SellerPrivacy from './legal/seller-privacy.tsx';
import SellerTerms from './legal/seller-terms.tsx';
import NotFoundPage from './not-found/page.tsx';
import RobotPage from './robot/page.tsx';
import { contentRoutes, legalTextLoaders, loadBlockedCountry, loadNotFound, loadRobot } from './routes.ts';
import { Stats } from './shared/Stats.tsx';
import { DEFAULT_SUPPORT_CONTACT, SupportContactProvider } from './support.ts';

/** The deployment's public configuration (GET /api/config), as the shell's store would hold it. */
const publicConfig = vi.hoisted(() => ({ supportPhone: '', supportEmail: '' }));
vi.mock('#portal/lib/config.ts', () => ({ usePublicConfig: () => publicConfig }));

/**
 * English is the source locale: with no compiled messages Lingui renders the source text the macros carry,
 * which is exactly what the English catalog holds.
 */
function makeI18n(): I18n {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  return i18n;
}

function renderEn(ui: ReactElement) {
  return render(<I18nProvider i18n={makeI18n()}>{ui}</I18nProvider>);
}

/** Text of the whole rendered tree with runs of white space collapsed. */
function textOf(container: HTMLElement): string {
  return (container.textContent ?? '').replace(/\s+/g, ' ');
}

function stubMatchMedia(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

/** An IntersectionObserver the test drives by hand. */
class ManualObserver {
  static instances: ManualObserver[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    ManualObserver.instances.push(this);
  }
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
  enter() {
    this.callback(
      [{ isIntersecting: true } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

beforeEach(() => {
  publicConfig.supportPhone = '';
  publicConfig.supportEmail = '';
  stubMatchMedia(false);
  ManualObserver.instances = [];
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('content routes', () => {
  it('lists the static pages of the spec, each loading a component', async () => {
    expect(contentRoutes.map((r) => r.path)).toEqual([
      '/',
      '/about',
      '/faq',
      '/terms',
      '/privacy',
      '/sell-terms',
      '/sell-privacy',
    ]);
    for (const route of contentRoutes) {
      const mod = await route.load();
      expect(typeof mod.default, route.path).toBe('function');
    }
  });

  it('exports loaders for the blocked-country, robot and not-found pages and the bare legal texts', async () => {
    for (const load of [loadBlockedCountry, loadRobot, loadNotFound, ...Object.values(legalTextLoaders)]) {
      const mod = await load();
      expect(typeof mod.default).toBe('function');
    }
  });

  it('each routed page renders exactly one h1', async () => {
    stubMatchMedia(true);
    for (const route of contentRoutes) {
      const { default: Page } = await route.load();
      const { container, unmount } = renderEn(<Page />);
      expect(container.querySelectorAll('h1'), route.path).toHaveLength(1);
      unmount();
    }
  });
});

describe('home page', () => {
  it('shows the hero, the comparison, the three steps, the statistics and the sign-up entry', () => {
    stubMatchMedia(true);
    const { container } = renderEn(<HomePage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/domain you want is taken/);
    // Get Started is the buy flow's action (its rules are tested in features/buy)
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'With Domain Broker' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Without a broker' })).toBeTruthy();
    for (const step of ['Budgeting', 'Contact', 'Acquire']) {
      expect(screen.getByRole('heading', { name: step, level: 3 })).toBeTruthy();
    }
    const text = textOf(container);
    for (const stat of ['20', '1,000+', '$500M', '37%', '100%']) expect(text).toContain(stat);
    expect(text).toContain('for a one-time fee of 19.95 USD. Your broker');
    expect(text).toContain(
      'the greater of 15% of the purchase price or 250 USD (1,000 USD minimum for social-media handles).',
    );
    expect(screen.getByRole('link', { name: 'Create a Free Account' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    // every in-page link points to an element that exists
    for (const a of container.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) {
      expect(container.querySelector(a.getAttribute('href')!)).not.toBeNull();
    }
  });

  it("has the spec's Buy, Sell, Appraise and Contact Us buttons", () => {
    stubMatchMedia(true);
    renderEn(<HomePage />);
    const nav = screen.getByRole('navigation', { name: 'Buy, sell, appraise or contact us' });
    const inNav = within(nav);
    expect(inNav.getByRole('button', { name: 'Buy' })).toBeTruthy();
    expect(inNav.getByRole('link', { name: 'Sell' }).getAttribute('href')).toMatch(/^\/sell(-domain)?$/);
    expect(inNav.getByRole('link', { name: 'Appraise' }).getAttribute('href')).toBe('/appraisal');
    expect(inNav.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact-us');
  });

  it('shows only the poster when no video is configured', () => {
    renderEn(<HeroMedia videoUrl={undefined} />);
    const img = screen.getByRole('img', { name: /broker/ });
    expect(img.getAttribute('src')).toBe('/media/hero-poster.svg');
    expect(document.querySelector('video')).toBeNull();
  });

  it('gives the video its source only once the hero is in view and the page has settled', () => {
    vi.stubGlobal('IntersectionObserver', ManualObserver);
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    vi.stubGlobal('cancelIdleCallback', () => {});
    renderEn(<HeroMedia videoUrl="https://cdn.example/hero.mp4" />);
    const video = screen.getByTestId('hero-video') as HTMLVideoElement;
    expect(video.getAttribute('preload')).toBe('none');
    expect(video.getAttribute('poster')).toBe('/media/hero-poster.svg');
    expect(video.getAttribute('src')).toBeNull();
    act(() => {
      for (const observer of ManualObserver.instances) observer.enter();
    });
    expect(video.getAttribute('src')).toBeNull();
    act(() => {
      for (const cb of idle.splice(0)) cb();
    });
    expect(video.getAttribute('src')).toBe('https://cdn.example/hero.mp4');
    // the loader covers the poster until the video can play
    expect(screen.getByTestId('hero-loader').textContent).toBe('Loading video');
    act(() => {
      video.dispatchEvent(new Event('canplay'));
    });
    expect(screen.queryByTestId('hero-loader')).toBeNull();
  });

  it('hides the loader after 5 minutes at the latest (A35)', () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('IntersectionObserver', undefined);
      vi.stubGlobal('requestIdleCallback', (cb: () => void) => {
        cb();
        return 1;
      });
      vi.stubGlobal('cancelIdleCallback', () => {});
      renderEn(<HeroMedia videoUrl="https://cdn.example/hero.mp4" />);
      expect(screen.getByTestId('hero-loader')).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(LOADER_MAX_MS - 1000);
      });
      expect(screen.getByTestId('hero-loader')).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(screen.queryByTestId('hero-loader')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the poster for visitors who prefer reduced motion or save data', () => {
    stubMatchMedia(true);
    vi.stubGlobal('IntersectionObserver', undefined);
    const { unmount } = renderEn(<HeroMedia videoUrl="https://cdn.example/hero.mp4" />);
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByRole('img', { name: /broker/ }).getAttribute('src')).toBe('/media/hero-poster.svg');
    unmount();
    stubMatchMedia(false);
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    try {
      renderEn(<HeroMedia videoUrl="https://cdn.example/hero.mp4" />);
      expect(document.querySelector('video')).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
  });
});

describe('statistics count-up', () => {
  it('counts up over two seconds', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('IntersectionObserver', undefined); // counts as in view at once
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const { container } = renderEn(<Stats />);
    const years = () => container.querySelector('[aria-hidden="true"]')!.textContent;
    expect(years()).toBe('0');
    const runFrame = (time: number) =>
      act(() => {
        for (const cb of frames.splice(0)) cb(time);
      });
    runFrame(0);
    runFrame(1000);
    const midway = Number(years());
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(20);
    runFrame(1999);
    expect(frames.length).toBeGreaterThan(0); // still animating just before the two seconds
    runFrame(2000);
    expect(years()).toBe('20');
    expect(frames).toHaveLength(0); // every counter has landed and stopped asking for frames
    const shown = [...container.querySelectorAll('[aria-hidden="true"]')].map((el) => el.textContent);
    expect(shown).toEqual(['20', '1,000+', '$500M', '37%', '100%']);
  });

  it('shows the final figures at once with reduced motion', () => {
    stubMatchMedia(true);
    const { container } = renderEn(<Stats />);
    const shown = [...container.querySelectorAll('[aria-hidden="true"]')].map((el) => el.textContent);
    expect(shown).toEqual(['20', '1,000+', '$500M', '37%', '100%']);
  });
});

describe('about page', () => {
  it('has its heading and the Make An Inquiry button to /contact-us', () => {
    stubMatchMedia(true);
    renderEn(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    const inquiries = screen.getAllByRole('link', { name: 'Make An Inquiry' });
    expect(inquiries.length).toBeGreaterThan(0);
    for (const link of inquiries) expect(link.getAttribute('href')).toBe('/contact-us');
  });

  it('states the fee and the seller commission of the pricing module', () => {
    stubMatchMedia(true);
    const { container } = renderEn(<AboutPage />);
    const text = textOf(container);
    expect(text).toContain('for a commission of 15% of the sale price (250 USD minimum).');
    expect(text).toContain('One initial fee of 19.95 USD, and a commission only when you get the domain.');
  });
});

describe('FAQ page', () => {
  it('has the seven sections of the spec, each reachable from an anchor link', () => {
    const { container } = renderEn(<FaqPage />);
    const nav = screen.getByRole('navigation', { name: 'FAQ sections' });
    const anchors = within(nav).getAllByRole('link');
    expect(anchors.map((a) => a.textContent)).toEqual([
      'Brokerage services',
      'Buying terms and conditions',
      'Refund policy',
      'General website and domain names',
      'Ownership',
      'Cost and registration',
      'Other FAQs',
    ]);
    for (const a of anchors) {
      const id = a.getAttribute('href')!.replace(/^#/, '');
      const target = container.ownerDocument.getElementById(id);
      expect(target, id).not.toBeNull();
      expect(target!.tagName).toBe('SECTION');
      expect(target!.querySelectorAll('details > summary').length).toBeGreaterThan(0);
    }
  });

  it('offers Make An Inquiry, Speak with an Expert and shows the support phone', () => {
    const { container } = renderEn(<FaqPage />);
    expect(screen.getAllByRole('link', { name: 'Make An Inquiry' })[0]!.getAttribute('href')).toBe(
      '/contact-us',
    );
    expect(screen.getAllByRole('link', { name: 'Speak with an Expert' })[0]!.getAttribute('href')).toBe(
      'tel:+18135550142',
    );
    expect(textOf(container)).toContain(DEFAULT_SUPPORT_CONTACT.phone);
  });

  it('answers with the facts of the terms', () => {
    const { container } = renderEn(<FaqPage />);
    const text = textOf(container);
    for (const fact of [
      '19.95 USD',
      'the greater of 15% of the purchase price or 250 USD',
      '1,000 USD',
      '120 days',
      '6 months',
      'within 7 days',
      'from 299 USD',
      '216 data points',
      'one to two business days',
      'Up to 5 domains',
      'English, Spanish and Mandarin',
    ]) {
      expect(text).toContain(fact);
    }
  });

  it('uses the support contact of the public configuration when there is one', () => {
    publicConfig.supportPhone = '+44 20 7946 0000';
    publicConfig.supportEmail = 'care@example.test';
    const { container } = renderEn(<FaqPage />);
    expect(screen.getAllByRole('link', { name: 'Speak with an Expert' })[0]!.getAttribute('href')).toBe(
      'tel:+442079460000',
    );
    expect(textOf(container)).toContain('care@example.test');
    expect(textOf(container)).not.toContain(DEFAULT_SUPPORT_CONTACT.phone);
  });

  it('uses the support contact a provider gives', () => {
    render(
      <I18nProvider i18n={makeI18n()}>
        <SupportContactProvider value={{ phone: '+1 (555) 010-9999', email: 'help@example.test' }}>
          <FaqPage />
        </SupportContactProvider>
      </I18nProvider>,
    );
    expect(screen.getAllByRole('link', { name: 'Speak with an Expert' })[0]!.getAttribute('href')).toBe(
      'tel:+15550109999',
    );
    expect(screen.getByRole('link', { name: 'help@example.test' })).toBeTruthy();
  });
});

describe('legal texts', () => {
  const cases: [string, ComponentType, string[]][] = [
    [
      'buyer terms',
      BuyerTerms,
      [
        'the greater of 15% of the purchase price or 250 USD',
        'minimum commission is 1,000 USD',
        'starts on the date of the initial payment',
        '120 days or until you hold the domain, whichever comes first',
        'holdover period',
        '6 months from the last communication',
        '19.95 USD',
        'within 7 days',
        'up to 5 domains',
        'downloaded at most twice',
      ],
    ],
    [
      'seller terms',
      SellerTerms,
      [
        'the greater of 15% of the sale price or 250 USD',
        '90 days',
        '3 months',
        "one week's notice",
        'Within 5 business days',
        'The buyer pays the escrow fee; where the buyer does not, the broker pays it.',
        'State of Florida',
        'Hillsborough County',
      ],
    ],
    [
      'buyer privacy',
      BuyerPrivacy,
      [
        'Account data',
        'card processor',
        'Appraisal history',
        'Registrar referral data',
        'How long we keep it',
        'Your rights',
      ],
    ],
    ['seller privacy', SellerPrivacy, ['Listing data', 'How long we keep it', 'Your rights', 'never sell']],
  ];

  for (const [name, Text, facts] of cases) {
    it(`${name}: renders the text only, with its facts and the support contact`, () => {
      const { container } = renderEn(<Text />);
      expect(container.querySelector('h1')).toBeNull();
      // the shell's overlay titles the dialog with an h2, so the sections default to h3
      expect(container.querySelector('h2')).toBeNull();
      expect(container.querySelectorAll('h3').length).toBeGreaterThan(2);
      const text = textOf(container);
      for (const fact of facts) expect(text).toContain(fact);
      expect(text).toContain(DEFAULT_SUPPORT_CONTACT.email);
    });
  }

  it('text headings step up a level under a page title', () => {
    const { container } = renderEn(<BuyerTerms headingLevel={2} />);
    expect(container.querySelector('h3')).toBeNull();
    expect(container.querySelectorAll('h2').length).toBeGreaterThan(2);
  });

  it('route pages add a title', () => {
    for (const [Page, title] of [
      [BuyerTermsPage, 'Buyer Terms and Conditions'],
      [BuyerPrivacyPage, 'Buyer Privacy Policy'],
      [SellerTermsPage, 'Seller Terms and Conditions'],
      [SellerPrivacyPage, 'Seller Privacy Policy'],
    ] as const) {
      const { container, unmount } = renderEn(<Page />);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      expect(container.querySelectorAll('h2').length).toBeGreaterThan(2);
      expect(container.querySelector('h3')).toBeNull();
      unmount();
    }
  });
});

describe('notice pages', () => {
  it('blocked country: says the service is not available and how to reach us', () => {
    const { container } = renderEn(<BlockedCountryPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/not available in your area/);
    expect(screen.getByRole('link', { name: 'Call Us' }).getAttribute('href')).toBe('tel:+18135550142');
    expect(screen.getByRole('link', { name: 'Send a Text' }).getAttribute('href')).toBe('sms:+18135550142');
    expect(textOf(container)).toContain(DEFAULT_SUPPORT_CONTACT.phone);
  });

  it('robot: says the activity looks like a bot and how to continue', () => {
    const { container } = renderEn(<RobotPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/automated/);
    expect(textOf(container)).toContain('bot');
    expect(screen.getByRole('heading', { name: 'How to continue' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the Page' })).toBeTruthy();
  });

  it('not found: friendly, with a link home', () => {
    renderEn(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the Home Page' }).getAttribute('href')).toBe('/');
  });
});

describe('content catalogs', () => {
  const read = (locale: string) =>
    readFileSync(join(dirname(fileURLToPath(import.meta.url)), `../../locales/${locale}/content.po`), 'utf8');

  /** msgid → msgstr of a .po file (multi-line strings joined). */
  function parsePo(source: string): Map<string, string> {
    const entries = new Map<string, string>();
    const unquote = (s: string) => JSON.parse(s) as string;
    let id: string | null = null;
    let field: 'id' | 'str' | null = null;
    let str = '';
    const flush = () => {
      if (id) entries.set(id, str);
    };
    for (const line of source.split('\n')) {
      if (line.startsWith('msgid ')) {
        flush();
        id = unquote(line.slice(6));
        str = '';
        field = 'id';
      } else if (line.startsWith('msgstr ')) {
        str = unquote(line.slice(7));
        field = 'str';
      } else if (line.startsWith('"') && field) {
        if (field === 'id') id += unquote(line);
        else str += unquote(line);
      } else {
        field = null;
      }
    }
    flush();
    return entries;
  }

  it('every message of the content catalog has a Chinese translation with the same placeholders', () => {
    const en = parsePo(read('en'));
    const zh = parsePo(read('zh'));
    expect(zh.size).toBeGreaterThan(100);
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
    const placeholders = (s: string) => (s.match(/\{[^}]+\}|<\/?\d+>/g) ?? []).sort();
    for (const [id, translation] of zh) {
      expect(translation.trim(), id).not.toBe('');
      expect(placeholders(translation), id).toEqual(placeholders(id));
    }
  });
});
