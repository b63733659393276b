/**
 * Up to `size` page-number buttons (1-based) in a sliding window around the current page,
 * pinned to the first or last pages near either end.
 */
export function pagerWindow(current: number, pageCount: number, size = 5): number[] {
  if (pageCount <= 0 || size <= 0) return [];
  const count = Math.min(size, pageCount);
  const page = Math.min(Math.max(1, current), pageCount);
  let start = page - Math.floor(count / 2);
  start = Math.max(1, Math.min(start, pageCount - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

export function pageCountFor(total: number, pageSize: number): number {
  return pageSize > 0 ? Math.ceil(Math.max(0, total) / pageSize) : 0;
}

/** "a-b of total" ("of total+" when the server stopped counting at total), "0-0 of 0" when empty. */
export function rangeText(page: number, pageSize: number, total: number, capped = false): string {
  if (total <= 0) return "0-0 of 0";
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return `${from}-${to} of ${total}${capped ? "+" : ""}`;
}

export const PAGE_SIZE_CHOICES = [5, 10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
