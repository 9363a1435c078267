/**
 * The one background loop of the process's workers (the mail outbox, the webhook deliveries, the
 * scheduler): `round` runs `everyMs` after the previous one ended, never two at once; a failure is
 * answered by `onError` (which logs it) without ending the loop. Timers are unref'd: they never keep
 * the process alive.
 */
export interface PollingLoop<T> {
  /** Starts polling: the first round after `firstMs` (default 0). */
  start(): void;
  /** Stops polling and waits for the round under way. */
  stop(): Promise<void>;
  /** Waits for the round under way, then runs another (what it claimed may predate the caller's rows). */
  flush(): Promise<T>;
  /** Asks for a round now (no-op once stopped). */
  nudge(): void;
}

export function pollingLoop<T>(
  round: () => Promise<T>,
  opts: { everyMs: number; firstMs?: number; onError: (err: unknown) => T },
): PollingLoop<T> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;
  let stopped = false;

  function runOnce(): Promise<T> {
    if (!running) {
      running = round()
        .catch(opts.onError)
        .finally(() => {
          running = undefined;
        });
    }
    return running;
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      await runOnce();
      schedule(opts.everyMs);
    }, delay);
    timer.unref?.();
  }

  return {
    start() {
      stopped = false;
      schedule(opts.firstMs ?? 0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    async flush() {
      await running;
      return runOnce();
    },
    nudge() {
      if (!stopped) schedule(0);
    },
  };
}
