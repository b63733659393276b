import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { changeLifecycle, createCampaign, updateCampaign } from "../api/campaigns-api.ts";
import { toPayload } from "../api/campaign-mapping.ts";
import { errorMessage } from "../api/error-message.ts";
import type { CampaignDto } from "../api/campaign-dto.ts";
import type { CampaignFormValues } from "../logic/campaign-form.ts";
import { validateCampaignForm } from "../logic/validate-campaign-form.ts";
import type { Toast } from "../../../components/AppToast.tsx";

export type SubmitKind = "launch" | "draft" | "update";
/** What a launch hands the campaign's view it lands on. */
export type LandingState = { toast: Toast };

const TEXT: Record<SubmitKind, { ok: string; failed: string }> = {
  launch: { ok: "Campaign created successfully!", failed: "Failed to create campaign" },
  update: { ok: "Campaign updated successfully!", failed: "Failed to update campaign" },
  draft: { ok: "Campaign saved as draft successfully!", failed: "Failed to save draft" },
};
const REDIRECT_MS = 2000;

/**
 * Create, draft or update (campaignId: the campaign in view mode or a draft saved on this page): validate in
 * the spec's order, send, toast; a launch lands at once on the top of the campaign's live view, an update 2 s
 * later on the list.
 */
export function useCampaignSubmit(opts: {
  campaignId: string | null;
  listPath: string;
  viewPath(id: string): string;
  onSaved(c: CampaignDto): void;
  /**
   * Saves what lives beside the campaign (its qualifying questions, its knowledge base choice) once the campaign
   * itself is saved; a failure's message says what was not saved ("its knowledge base was not: …").
   */
  afterSave?(c: CampaignDto): Promise<void>;
}) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<SubmitKind | null>(null);
  const [toast, setToast] = useState<Toast>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const submit = async (kind: SubmitKind, form: CampaignFormValues, csv: File | null) => {
    if (busy) return;
    const problem = validateCampaignForm(form);
    if (problem) {
      setToast({ severity: "error", message: problem });
      return;
    }
    setBusy(kind);
    try {
      const payload = toPayload(form, kind === "draft");
      // A draft saved earlier on this page is updated rather than created twice, and launched if asked.
      let saved = opts.campaignId
        ? await updateCampaign(opts.campaignId, payload, csv)
        : await createCampaign(payload, csv);
      if (kind === "launch" && opts.campaignId && saved.status === "draft")
        saved = await changeLifecycle(saved.id, "launch");
      opts.onSaved(saved);
      const attachFailure = await opts.afterSave?.(saved).then(
        () => null,
        (err: unknown) => err,
      );
      await qc.invalidateQueries({ queryKey: ["campaigns"] });
      if (attachFailure) {
        // The campaign is saved; stay on the page so the user can retry what beside it was not saved.
        setToast({
          severity: "error",
          message: `Campaign saved, but ${
            attachFailure instanceof Error && attachFailure.message
              ? attachFailure.message
              : "what goes with it was not: please try again."
          }`,
        });
        return;
      }
      if (kind === "launch") {
        // After a launch the user wants to watch the first calls at once: the campaign's view, from its top,
        // where the header says what the dialer is doing. The success toast travels with the navigation.
        const toast: Toast = { severity: "success", message: TEXT.launch.ok };
        navigate(opts.viewPath(saved.id), { state: { toast } satisfies LandingState });
        window.scrollTo({ top: 0 });
        return;
      }
      setToast({ severity: "success", message: TEXT[kind].ok });
      if (kind === "update") timer.current = setTimeout(() => navigate(opts.listPath), REDIRECT_MS);
    } catch (err) {
      setToast({ severity: "error", message: errorMessage(err, TEXT[kind].failed) });
    } finally {
      setBusy(null);
    }
  };

  return { submit, busy, toast, setToast };
}
