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

/**
 * Hero picture. With a video address: a muted looping <video preload="none"> showing the poster, whose
 * `src` is set only once the hero is on screen or the browser is idle, so the video never competes with
 * the first paint; never autoplayed for visitors who prefer reduced motion. Without one: the poster only.
 */
export function HeroMedia({ videoUrl = configuredHeroVideoUrl() }: { videoUrl?: string }) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref, '200px');
  const [idle, setIdle] = useState(false);
  const reducedMotion = prefersReducedMotion();

  useEffect(() => {
    if (!videoUrl || reducedMotion) return;
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
  }, [videoUrl, reducedMotion]);

  const alt = t`A buyer and a broker looking at a domain name together`;
  const load = Boolean(videoUrl) && !reducedMotion && (inView || idle);

  return (
    <div ref={ref} className={styles.heroMedia}>
      {videoUrl ? (
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
        />
      ) : (
        <img className={styles.heroVideo} src={HERO_POSTER_URL} alt={alt} width={640} height={400} />
      )}
    </div>
  );
}
