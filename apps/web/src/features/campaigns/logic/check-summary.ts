import type { ContactListCheck } from "@parley/shared/campaign-preview";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "12 contacts ready · 2 rows rejected · 1 duplicate merged": what a checked file would import. */
export function checkSummary(
  c: Pick<ContactListCheck, "contact_count" | "rejected_count" | "duplicates_merged">,
): string {
  const parts = [
    count(c.contact_count, "contact ready", "contacts ready"),
    count(c.rejected_count, "row rejected", "rows rejected"),
  ];
  if (c.duplicates_merged) parts.push(count(c.duplicates_merged, "duplicate merged", "duplicates merged"));
  return parts.join(" · ");
}
