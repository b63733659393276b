import { useEffect, useState } from "react";
import { readHeader } from "@parley/shared/csv-header";
import { availableVariables } from "@parley/shared/template-variables";

// Every contact has these, whatever its list's columns are.
const CONTACT_FIELDS = ["name", "phone", "email"];
const HEADER_BYTES = 64 * 1024;

/** The variables the opening line and answers may use: the chosen file's columns, else the contact's own fields. */
export function useContactVariables(file: File | null): string[] {
  const [columns, setColumns] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    setColumns([]);
    if (file) void file.slice(0, HEADER_BYTES).text().then((text) => live && setColumns(readHeader(text)));
    return () => {
      live = false;
    };
  }, [file]);
  return availableVariables([...CONTACT_FIELDS, ...columns]);
}
