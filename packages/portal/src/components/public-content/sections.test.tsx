import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BROKERS, PRESS, TESTIMONIALS } from './content.ts';
import {
  BrokerProfiles,
  CAROUSEL_INTERVAL_MS,
  HomePublicSections,
  PressStrip,
  TestimonialCarousel,
} from './sections.tsx';

function renderEn(ui: ReactElement) {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The slide on show: the one group that is not hidden. */
const shown = () => screen.getAllByRole('group', { hidden: true }).filter((g) => !g.hidden);

describe('the public pages content file', () => {
  it('marks every placeholder entry as a sample, and uses no logos', () => {
    for (const b of BROKERS) if (b.sample) expect(b.bio.message).toMatch(/^Sample profile/);
    for (const q of TESTIMONIALS) if (q.sample) expect(q.quote.message).toMatch(/^Sample testimonial/);
    for (const p of PRESS) if (p.sample) expect(p.url).toBeUndefined();
    const { container } = renderEn(<HomePublicSections />);
    expect(container.querySelectorAll('img')).toHaveLength(BROKERS.filter((b) => b.photo).length);
    expect(screen.getByText(/Sample profiles, shown until/)).toBeTruthy();
    expect(screen.getByText(/Sample testimonials, not real/)).toBeTruthy();
    expect(screen.getByText(/Sample entries, shown until real coverage/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Why choose us' })).toBeTruthy();
  });

  it('draws the broker biographies and the press strip from it', () => {
    renderEn(
      <>
        <BrokerProfiles />
        <PressStrip />
      </>,
    );
    for (const b of BROKERS) expect(screen.getByRole('heading', { level: 3, name: b.name })).toBeTruthy();
    for (const p of PRESS) expect(screen.getByText(p.outlet)).toBeTruthy();
  });
});

describe('testimonials carousel', () => {
  it('moves with Previous and Next and labels each slide', () => {
    stubReducedMotion(false);
    renderEn(<TestimonialCarousel title="What our clients say" />);
    const region = screen.getByRole('region', { name: 'What our clients say' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    const n = TESTIMONIALS.length;
    expect(shown()).toHaveLength(1);
    expect(shown()[0]!.getAttribute('aria-label')).toBe(`1 of ${n}`);
    expect(shown()[0]!.getAttribute('aria-roledescription')).toBe('slide');
    fireEvent.click(within(region).getByRole('button', { name: 'Next' }));
    expect(shown()[0]!.getAttribute('aria-label')).toBe(`2 of ${n}`);
    fireEvent.click(within(region).getByRole('button', { name: 'Previous' }));
    fireEvent.click(within(region).getByRole('button', { name: 'Previous' }));
    expect(shown()[0]!.getAttribute('aria-label')).toBe(`${n} of ${n}`);
  });

  it('advances by itself until paused, silently while it plays', () => {
    vi.useFakeTimers();
    stubReducedMotion(false);
    renderEn(<TestimonialCarousel title="T" />);
    const slides = document.querySelector('[aria-live]')!;
    expect(slides.getAttribute('aria-live')).toBe('off');
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS);
    });
    expect(shown()[0]!.getAttribute('aria-label')).toMatch(/^2 of/);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(slides.getAttribute('aria-live')).toBe('polite');
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3);
    });
    expect(shown()[0]!.getAttribute('aria-label')).toMatch(/^2 of/);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS);
    });
    expect(shown()[0]!.getAttribute('aria-label')).toMatch(/^3 of/);
  });

  it('holds while the keyboard focus is inside', () => {
    vi.useFakeTimers();
    stubReducedMotion(false);
    renderEn(<TestimonialCarousel title="T" />);
    fireEvent.focus(document.querySelector('[aria-live]')!);
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 2);
    });
    expect(shown()[0]!.getAttribute('aria-label')).toMatch(/^1 of/);
  });

  it('never advances by itself for visitors who prefer reduced motion', () => {
    vi.useFakeTimers();
    stubReducedMotion(true);
    renderEn(<TestimonialCarousel title="T" />);
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3);
    });
    expect(shown()[0]!.getAttribute('aria-label')).toMatch(/^1 of/);
  });

  it("shows sellers' words only on /sell", () => {
    stubReducedMotion(true);
    renderEn(<TestimonialCarousel audience="seller" title="What sellers say" />);
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(
      TESTIMONIALS.filter((q) => q.audience === 'seller').length,
    );
  });
});
