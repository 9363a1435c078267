/**
 * Which page buttons the pager shows (3 + 3, docs/product.md "Business constants and limits"): the first and
 * last `margin` pages, `visible` pages around the current one, and a gap ('…') for each run left out. A gap
 * that would hide a single page shows that page instead. Pages are 1-based.
 */
export type PageItem = number | 'gap';

export function pageItems(current: number, totalPages: number, margin = 3, visible = 3): PageItem[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(margin, totalPages); p += 1) shown.add(p);
  for (let p = Math.max(1, totalPages - margin + 1); p <= totalPages; p += 1) shown.add(p);
  // the window around the current page keeps its width near either end
  let start = page - Math.floor((visible - 1) / 2);
  let end = start + visible - 1;
  if (start < 1) {
    end += 1 - start;
    start = 1;
  }
  if (end > totalPages) {
    start = Math.max(1, start - (end - totalPages));
    end = totalPages;
  }
  for (let p = start; p <= end; p += 1) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push(previous + 1);
    else if (p - previous > 2) items.push('gap');
    items.push(p);
    previous = p;
  }
  return items;
}
