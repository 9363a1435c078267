import { COPYRIGHT_YEAR } from '@domain-broker/shared/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { phoneHref, useSupportContact } from '../features/content/support.ts';
import { usePublicConfig } from '../lib/config.ts';
import { openOverlay } from '../lib/overlays.ts';
import styles from './footer.module.css';
import { hasScreen } from './route-table.ts';

/** Seller texts on selling pages, buyer texts elsewhere (docs/product.md "Menu and overlays"). */
export function legalAudience(pathname: string): 'seller' | 'buyer' {
  return pathname.toLowerCase().includes('sell') ? 'seller' : 'buyer';
}

/** The third-party review widget: its script loads only when configured, once the page is idle. */
function ReviewWidget({ url }: { url: string }) {
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const add = () => {
      if (!slot.current || slot.current.querySelector('script')) return;
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      slot.current.appendChild(script);
    };
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    idle(add);
  }, [url]);
  return <div ref={slot} className={styles.review} data-review-widget />;
}

/** The founding year and the current one: '© 2022-2026' (one year alone in the founding year). */
export function copyrightYears(now = new Date()): string {
  const year = now.getFullYear();
  return year > COPYRIGHT_YEAR ? `${COPYRIGHT_YEAR}-${year}` : String(COPYRIGHT_YEAR);
}

export function Footer() {
  const { t } = useLingui();
  const [location] = useLocation();
  const config = usePublicConfig();
  const audience = legalAudience(location);
  const support = useSupportContact();
  const phone = support.phone;

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className={styles.heading}>
            Domain Broker
          </h2>
          <p className={styles.text}>
            <Trans>Personal brokers who negotiate the domain name you want, for a fee agreed up front.</Trans>
          </p>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className={styles.heading}>
            <Trans>Company</Trans>
          </h2>
          <ul className={styles.list}>
            {hasScreen('/about') && (
              <li>
                <Link className={styles.link} href="/about">
                  <Trans>About</Trans>
                </Link>
              </li>
            )}
            {hasScreen('/faq') && (
              <li>
                <Link className={styles.link} href="/faq">
                  <Trans>FAQs</Trans>
                </Link>
              </li>
            )}
            <li>
              <button
                type="button"
                className={styles.link}
                onClick={() => openOverlay(audience === 'seller' ? 'sellerTerms' : 'buyerTerms')}
              >
                <Trans>Terms and Conditions</Trans>
              </button>
            </li>
            <li>
              <button
                type="button"
                className={styles.link}
                onClick={() => openOverlay(audience === 'seller' ? 'sellerPrivacy' : 'buyerPrivacy')}
              >
                <Trans>Privacy Policy</Trans>
              </button>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className={styles.heading}>
            <Trans>Support</Trans>
          </h2>
          <ul className={styles.list}>
            {phone && (
              <li className={styles.text}>
                <Trans>
                  Call or text:{' '}
                  <a className={styles.link} href={phoneHref(phone)}>
                    {phone}
                  </a>
                </Trans>
              </li>
            )}
            <li className={styles.text}>
              <a className={styles.link} href={`mailto:${support.email}`}>
                {support.email}
              </a>
            </li>
            <li className={styles.text}>
              <Trans>We answer in English, Spanish and Mandarin.</Trans>
            </li>
          </ul>
        </section>
      </div>
      {config.reviewWidgetUrl && <ReviewWidget url={config.reviewWidgetUrl} />}
      <div className={styles.bottom}>
        <span>
          © {copyrightYears()} Domain Broker. {t`All rights reserved.`}
        </span>
      </div>
    </footer>
  );
}
