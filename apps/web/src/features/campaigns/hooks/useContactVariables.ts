import { useEffect, useMemo, useState } from "react";
import { availableVariables } from "@parley/shared/template-variables";
import { previewCsv, type CsvPreview } from "../logic/csv-preview.ts";

// Every contact has these, whatever its list's columns are.
const CONTACT_FIELDS = ["name", "phone", "email"];

/** The chosen file's rows and columns, read in the browser as soon as it is picked (nothing is sent). */
export function useCsvPreview(file: File | null): CsvPreview | null {
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  useEffect(() => {
    let live = true;
    setPreview(null);
    if (file)
      void file.text().then(
        (text) => live && setPreview(previewCsv(text)),
        () => live && setPreview(null),
      );
    return () => {
      live = false;
    };
  }, [file]);
  return preview;
}

/**
 * The variables the opening line and answers may use: those the server's check of the chosen file found (the
 * ones a save accepts), until then the file's columns as read in the browser, else the contact's own fields.
 */
export function useContactVariables(preview: CsvPreview | null, checked: string[] | undefined): string[] {
  return useMemo(
    () => checked ?? availableVariables([...CONTACT_FIELDS, ...(preview?.columns.map((c) => c.header) ?? [])]),
    [preview, checked],
  );
}
