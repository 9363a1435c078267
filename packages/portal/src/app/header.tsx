import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Avatar } from '../components/avatar.tsx';
import { resetAppraisal } from '../lib/appraisal-reset.ts';
import { startBuyFlow } from '../lib/buy-flow.ts';
import { useSession } from '../lib/session.ts';
import styles from './header.module.css';
import { LanguageSwitcher } from './language-switcher.tsx';
import type { MenuKey } from './menu.ts';
import { type MenuLink, useMenu } from './use-menu.ts';

const LABELS: Record<MenuKey, MessageDescriptor> = {
  buy: msg`Buy`,
  sell: msg`Sell`,
  appraise: msg`Appraise`,
  dashboard: msg`Dashboard`,
  login: msg`Login`,
  about: msg`About`,
  faq: msg`FAQs`,
  contact: msg`Contact Us`,
};

function MenuAnchor({
  item,
  className,
  onNavigate,
}: {
  item: MenuLink;
  className: string;
  onNavigate: () => void;
}) {
  const { i18n } = useLingui();
  const [location] = useLocation();
  const label = i18n._(LABELS[item.key]);
  if (item.key === 'buy') {
    // Buy starts the buy flow: the domain + budget form, or the sign-in window first
    // (docs/product.md "Buy flow", A9)
    return (
      <button
        type="button"
        className={className}
        onClick={() => {
          onNavigate();
          startBuyFlow();
        }}
      >
        {label}
      </button>
    );
  }
  if (item.external) {
    return (
      <a className={className} href={item.href} onClick={onNavigate}>
        {label}
      </a>
    );
  }
  return (
    <Link
      className={className}
      href={item.href}
      aria-current={location === item.href ? 'page' : undefined}
      onClick={() => {
        // choosing Appraise starts a fresh appraisal (docs/product.md "Menu and overlays")
        if (item.key === 'appraise') resetAppraisal();
        onNavigate();
      }}
    >
      {label}
    </Link>
  );
}

export function Header() {
  const { t } = useLingui();
  const { main, more, logo } = useMenu();
  const profile = useSession((s) => s.profile);
  const signedIn = useSession((s) => s.token !== null);
  const [location] = useLocation();
  const [panelOpen, setPanelOpen] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const navId = useId();
  const moreId = useId();
  const burger = useRef<HTMLButtonElement>(null);
  const moreRef = useRef<HTMLLIElement>(null);

  // a new page closes the panel and the More list
  useEffect(() => {
    setPanelOpen(false);
    setMoreOpen(false);
  }, [location]);

  useEffect(() => {
    if (!panelOpen && !moreOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      if (panelOpen) burger.current?.focus();
      setPanelOpen(false);
      setMoreOpen(false);
    };
    const onClick = (e: MouseEvent) => {
      if (moreOpen && moreRef.current && !moreRef.current.contains(e.target as Node)) setMoreOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [panelOpen, moreOpen]);

  const close = () => setPanelOpen(false);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link href={logo} className={styles.logo}>
          <span className={styles.logoMark} aria-hidden="true">
            DB
          </span>
          <span className={styles.logoText}>Domain Broker</span>
        </Link>

        <nav id={navId} aria-label={t`Main`} className={`${styles.nav} ${panelOpen ? styles.navOpen : ''}`}>
          <button
            type="button"
            className={`${styles.navLink} ${styles.panelClose}`}
            onClick={() => {
              close();
              burger.current?.focus();
            }}
            aria-label={t`Close menu`}
          >
            <span aria-hidden="true">×</span>
          </button>
          <ul className={styles.navList}>
            {main.map((item) => (
              <li key={item.key}>
                <MenuAnchor
                  item={item}
                  className={item.key === 'login' ? styles.loginLink! : styles.navLink!}
                  onNavigate={close}
                />
              </li>
            ))}
            {more.length > 0 && (
              <li className={styles.more} ref={moreRef}>
                <button
                  type="button"
                  className={styles.navLink}
                  aria-expanded={moreOpen}
                  aria-controls={moreId}
                  onClick={() => setMoreOpen((o) => !o)}
                >
                  {t`More`} <span aria-hidden="true">▾</span>
                </button>
                <ul id={moreId} className={styles.moreMenu} hidden={!moreOpen}>
                  {more.map((item) => (
                    <li key={item.key}>
                      <MenuAnchor item={item} className="" onNavigate={close} />
                    </li>
                  ))}
                </ul>
              </li>
            )}
          </ul>
        </nav>
        {panelOpen && <div className={styles.panelBackdrop} onClick={close} aria-hidden="true" />}

        <div className={styles.tools}>
          <LanguageSwitcher className={styles.lang!} />
          {signedIn && (
            <Link href="/profile" className={styles.avatar}>
              <span className="visually-hidden">{t`Your profile`} </span>
              <Avatar profile={profile} />
            </Link>
          )}
          <button
            ref={burger}
            type="button"
            className={styles.burger}
            aria-expanded={panelOpen}
            aria-controls={navId}
            aria-label={t`Menu`}
            onClick={() => setPanelOpen((o) => !o)}
          >
            <span />
            <span />
            <span />
          </button>
        </div>
      </div>
    </header>
  );
}
