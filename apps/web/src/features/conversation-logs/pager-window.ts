/** Up to `size` 1-based page buttons around the current page, pinned near either end. */
export function pagerWindow(current: number, pages: number, size = 5): number[] {
  if (pages <= 0) return [];
  const count = Math.min(size, pages);
  const page = Math.min(Math.max(1, current), pages);
  const start = Math.max(1, Math.min(page - Math.floor(count / 2), pages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

export const pageCount = (total: number, pageSize: number) => (pageSize > 0 ? Math.ceil(Math.max(0, total) / pageSize) : 0);

/** '1-10 of N' ('of N+' when the server stopped counting at N); '0-0 of 0' when empty. */
export function rangeText(page: number, pageSize: number, total: number, capped = false): string {
  if (total <= 0) return "0-0 of 0";
  return `${(page - 1) * pageSize + 1}-${Math.min(total, page * pageSize)} of ${total}${capped ? "+" : ""}`;
}
