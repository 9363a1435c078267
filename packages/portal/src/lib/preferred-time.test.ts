import { describe, expect, it } from 'vitest';
import { browserTimeZone, preferredMoment, slotAt } from './preferred-time.ts';

describe('the preferred time (decision A2)', () => {
  it('tells the slot of a stored time in the zone it was chosen in, and only exactly there', () => {
    expect(slotAt(new Date('2026-12-01T07:30:00.000Z'), 'Europe/Berlin')).toBe('Morning');
    expect(slotAt(new Date('2026-07-01T12:30:00.000Z'), 'Europe/Berlin')).toBe('Afternoon');
    expect(slotAt(new Date('2026-12-01T07:30:00.000Z'), 'America/New_York')).toBeNull();
    expect(slotAt(new Date('2026-12-01T07:31:00.000Z'), 'Europe/Berlin')).toBeNull();
    expect(slotAt(new Date('2026-12-01T07:30:00.000Z'), 'Mars/Olympus_Mons')).toBeNull();
  });

  it("sets the slot's hour in the browser's zone, which is the zone the survey sends", () => {
    const zone = browserTimeZone();
    expect(zone).toBeTruthy();
    const day = new Date(2026, 11, 1);
    expect(slotAt(preferredMoment(day, 'Morning'), zone as string)).toBe('Morning');
    expect(slotAt(preferredMoment(day, 'Afternoon'), zone as string)).toBe('Afternoon');
  });
});
