/** dd-mm-yyyy of an ISO timestamp in the viewer's zone, or 'Unknown' when missing or unreadable. */
export function formatDayMonthYear(iso: string | null | undefined): string {
  if (!iso) return "Unknown";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "Unknown";
  const dd = String(d.getDate()).padStart(2, "0");
  const mm = String(d.getMonth() + 1).padStart(2, "0");
  return `${dd}-${mm}-${d.getFullYear()}`;
}

/** List cells: "dd-mm-yyyy hh:mm", or "-" when there is no date (e.g. an immediate campaign's end). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "-";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "-";
  const hh = String(d.getHours()).padStart(2, "0");
  const min = String(d.getMinutes()).padStart(2, "0");
  return `${formatDayMonthYear(iso)} ${hh}:${min}`;
}
