import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion, useInView } from '../shared/use-in-view.ts';
import styles from './page.module.css';

export const HERO_POSTER_URL = '/media/hero-poster.svg';

/** The hero video's address from the build configuration (VITE_HERO_VIDEO_URL); none means poster only. */
export function configuredHeroVideoUrl(): string | undefined {
  const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env;
  const url = env?.VITE_HERO_VIDEO_URL?.trim();
  return url ? url : undefined;
}

/** The visitor asked for less data (Save-Data / Data Saver): the poster is enough. */
function saveData(): boolean {
  const c = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return c?.saveData === true;
}

/** A35: the loader goes when the video can play, or after 5 minutes at the latest. */
export const LOADER_MAX_MS = 5 * 60_000;

/**
 * Hero picture. With a video address: a muted looping <video preload="none"> showing the poster, whose
 * `src` is set only once the hero is on screen and the page has finished loading (browser idle), so the
 * video never competes with the first paint; never loaded for visitors who prefer reduced motion or ask
 * to save data (Save-Data), who keep the poster. While the video loads a loader sits over the poster; it
 * goes when the video can play (or fails), or after LOADER_MAX_MS. Without an address: the poster only.
 */
export function HeroMedia({ videoUrl = configuredHeroVideoUrl() }: { videoUrl?: string }) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref, '200px');
  const [idle, setIdle] = useState(false);
  const [ready, setReady] = useState(false);
  const [stillMotion] = useState(() => prefersReducedMotion() || saveData());

  useEffect(() => {
    if (!videoUrl || stillMotion) return;
    const w = window as Window & {
      requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
      cancelIdleCallback?: (id: number) => void;
    };
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(() => setIdle(true), { timeout: 4000 });
      return () => w.cancelIdleCallback?.(id);
    }
    const timer = window.setTimeout(() => setIdle(true), 2500);
    return () => window.clearTimeout(timer);
  }, [videoUrl, stillMotion]);

  const alt = t`A buyer and a broker looking at a domain name together`;
  const load = Boolean(videoUrl) && !stillMotion && inView && idle;

  useEffect(() => {
    if (!load || ready) return;
    const timer = window.setTimeout(() => setReady(true), LOADER_MAX_MS);
    return () => window.clearTimeout(timer);
  }, [load, ready]);

  return (
    <div ref={ref} className={styles.heroMedia}>
      {videoUrl && !stillMotion ? (
        <>
          <video
            className={styles.heroVideo}
            poster={HERO_POSTER_URL}
            preload="none"
            src={load ? videoUrl : undefined}
            autoPlay={load}
            muted
            loop
            playsInline
            aria-label={alt}
            data-testid="hero-video"
            onCanPlay={() => setReady(true)}
            onPlaying={() => setReady(true)}
            onError={() => setReady(true)}
          />
          {load && !ready && (
            <div className={styles.heroLoader} role="status" data-testid="hero-loader">
              <span className={styles.spinner} aria-hidden="true" />
              <span className="visually-hidden">{t`Loading video`}</span>
            </div>
          )}
        </>
      ) : (
        <img className={styles.heroVideo} src={HERO_POSTER_URL} alt={alt} width={640} height={400} />
      )}
    </div>
  );
}
