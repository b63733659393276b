import type { KbDocument } from "@parley/shared/knowledge-base";

/** Whether the choice differs from what is stored (order does not matter). */
export function choiceChanged(saved: readonly string[], selected: readonly string[]): boolean {
  const stored = new Set(saved);
  return stored.size !== new Set(selected).size || selected.some((id) => !stored.has(id));
}

/**
 * What the picker offers: the org's ready items, plus any already chosen item that is not ready (still
 * processing, or failed since), so the campaign's choice always shows and can be removed.
 */
export function pickerOptions(items: readonly KbDocument[], selected: readonly string[]): KbDocument[] {
  const chosen = new Set(selected);
  return items.filter((d) => d.status === "ready" || chosen.has(d.id));
}
