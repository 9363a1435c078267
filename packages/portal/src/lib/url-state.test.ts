import { describe, expect, it } from 'vitest';
import { pageFrom, termFrom, withUrlChange } from './url-state.ts';

const q = (s: string) => new URLSearchParams(s);

describe('url state', () => {
  it('reads the page as a whole number from 1, else 1', () => {
    expect(pageFrom(q('page=3'))).toBe(3);
    for (const bad of ['', 'page=0', 'page=-2', 'page=1.5', 'page=abc', 'page=99999999'])
      expect(pageFrom(q(bad))).toBe(1);
  });

  it('trims and cuts the search term, undefined when blank', () => {
    expect(termFrom(q('search=%20ab%20'), 10)).toBe('ab');
    expect(termFrom(q('search=abcdef'), 3)).toBe('abc');
    expect(termFrom(q('search=%20%20'), 10)).toBeUndefined();
  });

  it('goes back to page one on any change but the page, and drops blanks and defaults', () => {
    const next = withUrlChange(q('tab=users&page=4&search=old'), { search: 'new', sort: '' });
    expect(next.toString()).toBe('tab=users&search=new');
    expect(withUrlChange(q('tab=users&page=4'), { page: '5' }).toString()).toBe('tab=users&page=5');
    expect(withUrlChange(q('tab=users&page=4'), { page: '1' }).toString()).toBe('tab=users');
    expect(withUrlChange(q('month=2026-10'), { month: '2026-11' }, { month: '2026-11' }).toString()).toBe('');
  });
});
