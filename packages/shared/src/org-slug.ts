/** Lowercased, spaces to hyphens, as the spec derives a slug from an organisation name. */
export function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "org"
  );
}

export const DEFAULT_ORG_SLUG = "parley";
