/**
 * The buyer's preferred contact time (decision A2): a day and one of two slots, Morning (8:30) and
 * Afternoon (14:30), in the buyer's time zone. The survey (features/after-purchase) sets it and sends the
 * zone with it; the broker's lead page (features/workspace) shows it. Both take the slots, their names
 * and the way a stored time reads from here.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Morning and Afternoon, as hour and minute in the buyer's time zone (decision A2: 8:30 and 14:30). */
export const TIME_SLOTS = { Morning: [8, 30], Afternoon: [14, 30] } as const;
export type TimeSlot = keyof typeof TIME_SLOTS;

/** The slots' names as the survey offers them and the broker reads them. */
export const TIME_SLOT_LABELS: Record<TimeSlot, MessageDescriptor> = {
  Morning: msg`Morning (8:30)`,
  Afternoon: msg`Afternoon (14:30)`,
};

/** The browser's time zone (an IANA name such as Europe/Berlin), or null when it does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** The preferred contact moment: the day at the slot's hour and minute in the browser's time zone. */
export function preferredMoment(date: Date, slot: TimeSlot): Date {
  const [hour, minute] = TIME_SLOTS[slot];
  return new Date(date.getFullYear(), date.getMonth(), date.getDate(), hour, minute);
}

/** A formatter for `timeZone`, or null when the platform does not know the zone. */
function inZone(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone });
  } catch {
    return null;
  }
}

/** The slot a stored time is in `timeZone`: exactly 8:30 or 14:30 there; null for any other time. */
export function slotAt(instant: Date, timeZone: string): TimeSlot | null {
  const clock = inZone('en-US', timeZone, { hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
  if (!clock) return null;
  const parts = clock.formatToParts(instant);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value);
  const slots = Object.keys(TIME_SLOTS) as TimeSlot[];
  return slots.find((s) => TIME_SLOTS[s][0] === hour && TIME_SLOTS[s][1] === minute) ?? null;
}

/**
 * A stored preferred time as the broker reads it. With the buyer's time zone: the day there and the
 * slot's name ('Morning (8:30)'), naming the zone; a time that is on neither slot there shows its hour
 * instead. Without the zone (a survey saved before the portal sent it) the slot cannot be told from the
 * instant, so it reads as the day and hour in the broker's own time zone, which is named. Text that is
 * not a date is shown as it is.
 */
export function formatPreferredTime(i18n: I18n, iso: string, timeZone: string | null): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const locale = i18n.locale || 'en';
  const day = timeZone ? inZone(locale, timeZone, { dateStyle: 'medium' }) : null;
  if (timeZone && day) {
    const slot = slotAt(instant, timeZone);
    const when = slot
      ? i18n._(TIME_SLOT_LABELS[slot])
      : (inZone(locale, timeZone, { timeStyle: 'short' })?.format(instant) ?? '');
    const date = day.format(instant);
    return i18n._(msg`${date}, ${when}, buyer's time (${timeZone})`);
  }
  const local = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);
  return i18n._(msg`${local} (your time)`);
}
