import { useEffect, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { OutcomeField } from "@parley/shared/outcome-fields";
import { getOutcomeFields, putOutcomeFields } from "./outcome-fields-api.ts";
import { type FieldRow, rowProblems, rowsChanged, toField, toRow } from "./field-rows.ts";

/** A list the server would refuse, named before it is sent. */
export class FieldsProblem extends Error {}

/**
 * The qualifying fields editor's state: the fields saved on the campaign (loaded in view mode) and the rows being
 * edited. `save` sends a changed list once the campaign exists (create mode: right after it is created).
 */
export function useOutcomeFields(campaignId: string | null) {
  const loaded = useQuery({
    queryKey: ["campaigns", "outcome-fields", campaignId],
    queryFn: ({ signal }) => getOutcomeFields(campaignId!, signal),
    enabled: campaignId !== null,
  });
  const [saved, setSaved] = useState<OutcomeField[]>([]);
  const [rows, setRows] = useState<FieldRow[]>([]);
  useEffect(() => {
    if (!loaded.data) return;
    setSaved(loaded.data);
    setRows(loaded.data.map(toRow));
  }, [loaded.data]);
  const problems = useMemo(() => rowProblems(rows), [rows]);

  const save = async (id: string): Promise<void> => {
    if (!rowsChanged(saved, rows)) return;
    const first = [...problems.values()][0];
    if (first) throw new FieldsProblem(first);
    setSaved(await putOutcomeFields(id, rows.map(toField)));
  };
  return { rows, setRows, problems, save, loading: campaignId !== null && loaded.isPending };
}
export type OutcomeFieldsState = ReturnType<typeof useOutcomeFields>;
