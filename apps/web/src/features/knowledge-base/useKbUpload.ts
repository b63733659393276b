import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { KbMessages } from "@parley/shared/knowledge-base";
import { messageOf } from "../../lib/api-error.ts";
import type { Toast } from "../../components/AppToast.tsx";

const AFTER_SUCCESS_MS = 2000;
type Kind = "documents" | "urls";
const TEXT: Record<Kind, { ok: string; failed: string }> = {
  documents: { ok: KbMessages.documentsUploaded, failed: KbMessages.uploadDocumentsFailed },
  urls: { ok: KbMessages.urlsUploaded, failed: KbMessages.uploadUrlsFailed },
};

/** Upload state (spec §4): idle → uploading with a percent → success toast, then `after` runs 2 s later. */
export function useKbUpload() {
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);
  const [toast, setToast] = useState<Toast>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function run(kind: Kind, send: (onProgress: (p: number) => void) => Promise<unknown>, after: () => void) {
    setPercent(0);
    try {
      await send(setPercent);
      setPercent(100);
      void queryClient.invalidateQueries({ queryKey: ["knowledge-base"] });
      setToast({ severity: "success", message: TEXT[kind].ok, durationMs: 6000 });
      timer.current = setTimeout(() => {
        setPercent(null);
        after();
      }, AFTER_SUCCESS_MS);
    } catch (err) {
      setPercent(null);
      setToast({ severity: "error", message: messageOf(err, TEXT[kind].failed), durationMs: 6000 });
    }
  }
  return { percent, uploading: percent !== null, toast, closeToast: () => setToast(null), run };
}
