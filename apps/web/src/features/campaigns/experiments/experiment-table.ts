import { rateText, type Experiment, type Rate, type VariantResult } from "@parley/shared/experiments";

export type Column = { key: string; label: string; cell(v: VariantResult): string };

const counted = (n: number, r: Rate) => `${n.toLocaleString()} · ${rateText(r)}`;

/**
 * The experiment table's columns: counts, and each stage as "8 · 67% (39–86%)" (its rate over the contacts dialled
 * with the variant and the 95% interval). Qualified only once it is counted.
 */
export function columns(e: Pick<Experiment, "qualified_counted">): Column[] {
  const out: Column[] = [
    { key: "contacts", label: "Contacts", cell: (v) => v.contacts.toLocaleString() },
    { key: "dialled", label: "Dialled", cell: (v) => v.dialled.toLocaleString() },
    { key: "answered", label: "Answered", cell: (v) => counted(v.answered, v.answer_rate) },
    { key: "conversations", label: "Conversations > 30 s", cell: (v) => counted(v.conversations, v.conversation_rate) },
    { key: "booked", label: "Meetings booked", cell: (v) => counted(v.booked, v.booking_rate) },
  ];
  if (e.qualified_counted) {
    out.push({
      key: "qualified",
      label: "Qualified",
      cell: (v) => (v.qualified === null || !v.qualified_rate ? "–" : counted(v.qualified, v.qualified_rate)),
    });
  }
  return out;
}

/** The line above the table: what state the experiment is in. */
export function experimentHeadline(e: Experiment, formatDate: (iso: string) => string): string {
  if (e.state === "ended" && e.ended_at) {
    const moved = e.moved_contacts ?? 0;
    return (
      `Ended ${formatDate(e.ended_at)}: variant ${e.winner} kept, ${moved.toLocaleString()} ` +
      `${moved === 1 ? "contact" : "contacts"} not yet reached moved to it. The figures are those it was chosen on.`
    );
  }
  if (e.state === "ready") return "Contacts are split between the variants when the campaign launches.";
  return (
    "Contacts were split at random, evenly in each time zone. Rates are over the contacts dialled with each " +
    "variant, with their 95% interval."
  );
}
