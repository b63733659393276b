import type { KbDocument } from "@parley/shared/knowledge-base";

/** Who added an item and who changed it last, as its list row says under its name. */
export function whoLine(d: Pick<KbDocument, "added_by_name" | "updated_by_name">): string {
  const added = d.added_by_name;
  const changed = d.updated_by_name;
  if (added && changed)
    return added === changed ? `Added and changed by ${added}` : `Added by ${added} · changed by ${changed}`;
  if (changed) return `Changed by ${changed}`;
  return added ? `Added by ${added}` : "";
}
