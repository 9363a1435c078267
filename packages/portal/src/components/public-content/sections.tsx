import { Trans, useLingui } from '@lingui/react/macro';
import { type HTMLAttributes, type ReactNode, useEffect, useId, useState } from 'react';
import { BROKERS, PRESS, TESTIMONIALS, type Testimonial, WHY_CHOOSE_US } from './content.ts';
import styles from './sections.module.css';

/** The public pages' editable sections (./content.ts): brokers, testimonials, why-choose-us, press. */

const reducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;

/** How long a testimonial stays before the next one while the carousel plays. */
export const CAROUSEL_INTERVAL_MS = 8000;

function SampleNote({ children }: { children: ReactNode }) {
  return (
    <p className={styles.sample}>
      <span className={styles.sampleBadge}>
        <Trans>Sample</Trans>
      </span>{' '}
      {children}
    </p>
  );
}

interface SectionProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title: ReactNode;
  /** The note shown while the content is still a placeholder; false or null once it is real. */
  sample: ReactNode;
  children: ReactNode;
}

/** One section's frame: its title, the sample note when there is one, then the section's own content. */
function Section({ title, sample, children, ...attributes }: SectionProps) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id} {...attributes}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {sample && <SampleNote>{sample}</SampleNote>}
      {children}
    </section>
  );
}

export function BrokerProfiles() {
  const { i18n } = useLingui();
  return (
    <Section
      title={<Trans>Our brokers</Trans>}
      sample={
        BROKERS.some((b) => b.sample) && (
          <Trans>Sample profiles, shown until the brokers' own are added.</Trans>
        )
      }
    >
      <ul className={styles.cards}>
        {BROKERS.map((b) => (
          <li key={b.name} className={styles.card}>
            {b.photo ? (
              <img className={styles.avatar} src={b.photo} alt="" width={56} height={56} loading="lazy" />
            ) : (
              <span className={styles.avatar} aria-hidden="true">
                {b.initials}
              </span>
            )}
            <h3 className={styles.name}>{b.name}</h3>
            <p className={styles.muted}>{i18n._(b.role)}</p>
            <p>{i18n._(b.bio)}</p>
            <p className={styles.muted}>
              <Trans>Languages: {i18n._(b.languages)}</Trans>
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/**
 * Testimonials as a carousel (WAI-ARIA carousel pattern): Pause/Play, Previous and Next buttons, one
 * slide shown at a time. It advances by itself only while playing, never for visitors who prefer reduced
 * motion (they start paused), and holds while the pointer or the keyboard focus is inside it. While it
 * plays the slide change is not announced (aria-live off); when stopped, a change is announced politely.
 */
export function TestimonialCarousel({
  audience,
  title,
}: {
  audience?: Testimonial['audience'];
  title: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const items = TESTIMONIALS.filter((q) => !audience || q.audience === audience);
  const count = items.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !reducedMotion() && count > 1);
  const [held, setHeld] = useState(false);
  const slidesId = useId();

  useEffect(() => {
    if (!playing || held || count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [playing, held, count]);

  if (count === 0) return null;
  const go = (step: number) => setIndex((i) => (i + step + count) % count);

  return (
    <Section
      title={title}
      sample={items.some((q) => q.sample) && <Trans>Sample testimonials, not real customers' words.</Trans>}
      aria-roledescription={t`carousel`}
      data-testid="testimonials"
    >
      <div className={styles.carousel}>
        {count > 1 && (
          <div className={styles.controls}>
            <button
              type="button"
              className={styles.control}
              onClick={() => setPlaying((p) => !p)}
              aria-controls={slidesId}
            >
              {playing ? <Trans>Pause</Trans> : <Trans>Play</Trans>}
            </button>
            <button type="button" className={styles.control} onClick={() => go(-1)} aria-controls={slidesId}>
              <Trans>Previous</Trans>
            </button>
            <button type="button" className={styles.control} onClick={() => go(1)} aria-controls={slidesId}>
              <Trans>Next</Trans>
            </button>
          </div>
        )}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer and focus only hold the rotation */}
        <div
          id={slidesId}
          className={styles.slides}
          aria-live={playing && !held ? 'off' : 'polite'}
          onMouseEnter={() => setHeld(true)}
          onMouseLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={() => setHeld(false)}
        >
          {items.map((q, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel's slide is a group, not a form fieldset
            <div
              key={q.quote.id}
              className={styles.slide}
              role="group"
              aria-roledescription={t`slide`}
              aria-label={t`${i + 1} of ${count}`}
              hidden={i !== index}
            >
              <blockquote className={styles.quote}>{i18n._(q.quote)}</blockquote>
              <p className={styles.muted}>{i18n._(q.who)}</p>
            </div>
          ))}
        </div>
      </div>
    </Section>
  );
}

export function WhyChooseUs() {
  const { i18n } = useLingui();
  return (
    <Section title={<Trans>Why choose us</Trans>} sample={null}>
      <ul className={styles.cards}>
        {WHY_CHOOSE_US.map((r) => (
          <li key={r.title.id} className={styles.card}>
            <h3 className={styles.name}>{i18n._(r.title)}</h3>
            <p>{i18n._(r.text)}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function PressStrip() {
  const { i18n } = useLingui();
  return (
    <Section
      title={<Trans>In the press</Trans>}
      sample={
        PRESS.some((p) => p.sample) && <Trans>Sample entries, shown until real coverage is added.</Trans>
      }
    >
      <ul className={styles.press}>
        {PRESS.map((p) => (
          <li key={p.headline.id} className={styles.pressItem}>
            <span className={styles.outlet}>{p.outlet}</span>
            {p.url ? (
              <a href={p.url} rel="noopener" className={styles.link}>
                {i18n._(p.headline)}
              </a>
            ) : (
              <span>{i18n._(p.headline)}</span>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The home page's block of them, below the fold (loaded with its own catalog when scrolled near). */
export function HomePublicSections() {
  const { t } = useLingui();
  return (
    <div className={styles.stack}>
      <WhyChooseUs />
      <BrokerProfiles />
      <TestimonialCarousel title={t`What our clients say`} />
      <PressStrip />
    </div>
  );
}
