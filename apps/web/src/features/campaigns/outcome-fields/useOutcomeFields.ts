import { useEffect, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { AnswerProperty } from "@parley/shared/outcome-field-crm";
import type { OutcomeField } from "@parley/shared/outcome-fields";
import { getCrmMapping, getOutcomeFields, putCrmMapping, putOutcomeFields } from "./outcome-fields-api.ts";
import { crmMappingOf, type FieldRow, rowProblems, rowsChanged, toField, toRow } from "./field-rows.ts";

/** A list the server would refuse, named before it is sent. */
export class FieldsProblem extends Error {}

const sameMapping = (a: AnswerProperty[], b: AnswerProperty[]) =>
  JSON.stringify([...a].sort((x, y) => x.field.localeCompare(y.field))) ===
  JSON.stringify([...b].sort((x, y) => x.field.localeCompare(y.field)));

/**
 * The qualifying fields editor's state: the fields saved on the campaign and the HubSpot property each is written to
 * (loaded in view mode), and the rows being edited. `save` sends what changed once the campaign exists (create mode:
 * right after it is created): the fields first, since the mapping names them.
 */
export function useOutcomeFields(campaignId: string | null) {
  const loaded = useQuery({
    queryKey: ["campaigns", "outcome-fields", campaignId],
    queryFn: async ({ signal }) => {
      const [fields, crm] = await Promise.all([
        getOutcomeFields(campaignId!, signal),
        getCrmMapping(campaignId!, signal),
      ]);
      return { fields, crm };
    },
    enabled: campaignId !== null,
  });
  const [saved, setSaved] = useState<OutcomeField[]>([]);
  const [savedCrm, setSavedCrm] = useState<AnswerProperty[]>([]);
  const [rows, setRows] = useState<FieldRow[]>([]);
  useEffect(() => {
    if (!loaded.data) return;
    const { fields, crm } = loaded.data;
    setSaved(fields);
    setSavedCrm(crm);
    const byKey = new Map(crm.map((m) => [m.field, m.property]));
    setRows(fields.map((f) => toRow(f, byKey)));
  }, [loaded.data]);
  const problems = useMemo(() => rowProblems(rows), [rows]);

  const save = async (id: string): Promise<void> => {
    const crm = crmMappingOf(rows);
    const fieldsChanged = rowsChanged(saved, rows);
    if (!fieldsChanged && sameMapping(savedCrm, crm)) return;
    const first = [...problems.values()][0];
    if (first) throw new FieldsProblem(first);
    if (fieldsChanged) setSaved(await putOutcomeFields(id, rows.map(toField)));
    // A renamed field has a new key: the mapping is sent again whenever the fields change.
    setSavedCrm(await putCrmMapping(id, crm));
  };
  return { rows, setRows, problems, save, loading: campaignId !== null && loaded.isPending };
}
export type OutcomeFieldsState = ReturnType<typeof useOutcomeFields>;
