import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { ContactListCheck } from "@parley/shared/campaign-preview";
import { http } from "../api/http.ts";

let fileSeq = 0;

/**
 * The chosen file read by the server's own import, nothing stored: contacts ready, rejected rows with their
 * line and reason, and the first contact (numbers without +country read in the campaign's timezone, as on save).
 */
export function useContactListCheck(file: File | null, timezone: string) {
  // A File is not a query key: each chosen file gets a number of its own.
  const fileId = useMemo(() => (file ? ++fileSeq : 0), [file]);
  return useQuery({
    queryKey: ["contacts", "check", fileId, timezone],
    queryFn: async () => {
      const form = new FormData();
      form.set("campaign_timezone", timezone);
      form.set("csv_file", file!, file!.name);
      return ContactListCheck.parse(await http("POST", "/contacts/check", form));
    },
    enabled: file !== null,
    retry: false,
    staleTime: Infinity,
  });
}
