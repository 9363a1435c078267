import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import styles from './dialog.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** How many dialogs are open: the page behind is inert while at least one is. */
let openCount = 0;

function setBackgroundInert(inert: boolean) {
  const root = document.getElementById('root');
  if (root) root.inert = inert;
}

export interface DialogProps {
  /** The visible title; it also names the dialog for assistive technology. */
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  /** Hide the title visually (still announced). */
  hideTitle?: boolean;
  /** false for windows that must not be dismissed (the page loader). */
  dismissible?: boolean;
}

/**
 * A modal window: labelled by its title, aria-modal, focus kept inside (Tab wraps), Escape closes, the
 * page behind is inert, and focus returns to where it was when the dialog closes.
 */
export function Dialog({ title, onClose, children, wide, hideTitle, dismissible = true }: DialogProps) {
  const { t } = useLingui();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openCount += 1;
    setBackgroundInert(true);
    const node = panel.current;
    const first =
      node?.querySelector<HTMLElement>('[data-autofocus]') ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    return () => {
      openCount -= 1;
      if (openCount === 0) setBackgroundInert(false);
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && dismissible) {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const firstItem = items[0]!;
    const lastItem = items[items.length - 1]!;
    if (
      event.shiftKey &&
      (document.activeElement === firstItem || document.activeElement === panel.current)
    ) {
      event.preventDefault();
      lastItem.focus();
    } else if (!event.shiftKey && document.activeElement === lastItem) {
      event.preventDefault();
      firstItem.focus();
    }
  };

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop closes on click; the keyboard uses Escape
    <div
      className={styles.backdrop}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && dismissible) onCloseRef.current();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`${styles.panel} ${wide ? styles.wide : ''}`}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={hideTitle ? 'visually-hidden' : styles.title}>
          {title}
        </h2>
        {dismissible && (
          <button
            type="button"
            className={styles.close}
            onClick={() => onCloseRef.current()}
            aria-label={t`Close`}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
