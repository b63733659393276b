import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import type { CampaignDto } from "../api/campaign-dto.ts";
import { toContactList, toForm } from "../api/campaign-mapping.ts";
import { getCampaign } from "../api/campaigns-api.ts";
import { defaultCampaignForm, initialVoiceId, type CampaignFormValues } from "../logic/campaign-form.ts";
import { useCampaignPaths } from "../hooks/useCampaignPaths.ts";
import { useCampaignSubmit, type SubmitKind } from "../hooks/useCampaignSubmit.ts";
import { useContactVariables, useCsvPreview } from "../hooks/useContactVariables.ts";
import { useContactListCheck } from "../hooks/useContactListCheck.ts";
import { useDebouncedValue } from "../../../lib/useDebouncedValue.ts";
import { greetingDraftState } from "../logic/greeting-draft.ts";
import { useTelephonyMode } from "../hooks/useSetupContext.ts";
import { useVoices } from "../hooks/useCampaignQueries.ts";
import { CampaignTypeSection, ChannelSection, EmailSummarySection } from "./ChannelTypeSections.tsx";
import { AppToast } from "../../../components/AppToast.tsx";
import { ContactListSection } from "./ContactListSection.tsx";
import { ContactsTable } from "./ContactsTable.tsx";
import { EmailConfigDialog, type EmailConfig } from "./EmailConfigDialog.tsx";
import { FaqEditor } from "./FaqEditor.tsx";
import { useCan } from "../../../lib/useCurrentUser.ts";
import { FollowUpSection } from "./FollowUpSection.tsx";
import { TransferSection } from "./TransferSection.tsx";
import { InboundNumberSection } from "./InboundNumberSection.tsx";
import { FormSection } from "./FormSection.tsx";
import { LifecyclePanel } from "./LifecyclePanel.tsx";
import { PublishSection } from "./PublishSection.tsx";
import { VoiceSelect } from "./VoiceSelect.tsx";
import { KnowledgeTestBox } from "../../../components/knowledge-test/KnowledgeTestBox.tsx";
import { KnowledgeBaseSection } from "./KnowledgeBaseSection.tsx";
import { TestCallPanel } from "./TestCallPanel.tsx";
import { GreetingPreviewPanel } from "./GreetingPreviewPanel.tsx";
import { ProgressPanel } from "./ProgressPanel.tsx";
import { ScorecardPanel } from "./ScorecardPanel.tsx";
import { ExperimentPanel } from "../experiments/ExperimentPanel.tsx";
import { VariantsEditor } from "../experiments/VariantsEditor.tsx";
import { useStoredVariants } from "../experiments/useStoredVariants.ts";
import type { VariantDrafts } from "../experiments/variant-drafts.ts";
import { useKnowledgeBaseChoice } from "../hooks/useKnowledgeBaseChoice.ts";
import { choiceChanged } from "../logic/knowledge-base-choice.ts";
import { setCampaignKnowledgeBases } from "../api/knowledge-bases-api.ts";
import type { CampaignDraft } from "../logic/campaign-draft.ts";
import { usePersistDraft } from "../hooks/useCampaignDraft.ts";
import { DraftRestoredNotice } from "./DraftRestoredNotice.tsx";
import { messageOf } from "../../../lib/api-error.ts";
import { OutcomeFieldsSection } from "../outcome-fields/OutcomeFieldsSection.tsx";
import { FieldsProblem, useOutcomeFields } from "../outcome-fields/useOutcomeFields.ts";

/** Statuses in which the campaign has (or will have) calls to follow live. */
const PROGRESS_STATUSES = new Set(["scheduled", "active", "paused", "completed"]);

type Props = {
  campaign: CampaignDto | null;
  /** Create mode: where a new campaign starts (the organisation's timezone and hours) and its default voice. */
  initial?: CampaignFormValues;
  defaultVoiceId?: string | null;
  /** Create mode: where the unsaved work is kept (its storage key) and the draft found there on opening. */
  kept?: { key: string | null; draft: CampaignDraft | null };
};

const spokenTexts = (f: CampaignFormValues["customFaqs"]) => [
  f.opening_line,
  f.goal,
  ...f.pairs.flatMap((p) => [p.question, p.answer]),
];

/** The setup form in create mode (campaign null) or view mode (an existing campaign). */
export function CampaignSetupForm({ campaign, initial, defaultVoiceId, kept }: Props) {
  const viewMode = campaign !== null;
  // A member watches a campaign; only roles that may change campaigns get the Update button.
  const canEdit = useCan("campaigns.edit");
  const paths = useCampaignPaths();
  const voices = useVoices();
  const [start] = useState(() => initial ?? defaultCampaignForm());
  const [restored, setRestored] = useState(kept?.draft ?? null);
  const [values, setValues] = useState<CampaignFormValues>(() =>
    campaign ? toForm(campaign) : (restored?.values ?? start),
  );
  const [csv, setCsv] = useState<File | null>(null);
  const preview = useCsvPreview(csv);
  const check = useContactListCheck(csv, values.campaignTimezone);
  const variables = useContactVariables(preview, csv ? check.data?.variables : undefined);
  const simulatedCarrier = useTelephonyMode() === "simulated";
  // Create mode starts with a voice chosen (the organisation's default, else the first), once the list is in.
  const voicePicked = useRef(viewMode || Boolean(restored?.values.toneOfVoice));
  useEffect(() => {
    if (voicePicked.current || !voices.data?.length) return;
    voicePicked.current = true;
    const id = initialVoiceId(
      voices.data.map((v) => v.voice_id ?? v.id),
      defaultVoiceId,
    );
    setValues((v) => (v.toneOfVoice ? v : { ...v, toneOfVoice: id }));
  }, [voices.data, defaultVoiceId]);
  const [attachments, setAttachments] = useState<File[]>([]);
  const [emailOpen, setEmailOpen] = useState(false);
  const [saved, setSaved] = useState<CampaignDto | null>(campaign);
  const queryClient = useQueryClient();
  const kb = useKnowledgeBaseChoice(campaign?.id ?? null, restored?.knowledgeBaseIds);
  const outcomeFields = useOutcomeFields(campaign?.id ?? null);
  // A draft this form saved on the server before the detour is updated, not created twice.
  const restoredId = restored?.campaignId;
  useEffect(() => {
    if (restoredId) void getCampaign(restoredId).then(setSaved, () => undefined);
  }, [restoredId]);
  usePersistDraft(
    viewMode ? null : (kept?.key ?? null),
    { values, knowledgeBaseIds: kb.selected, campaignId: saved?.id ?? null, contactFileName: csv?.name ?? null },
    start,
    saved?.status ?? null,
  );
  const startOver = () => {
    setRestored(null);
    setValues(start);
    setCsv(null);
    setSaved(null);
    kb.setSelected([]);
  };
  // The live stream reports status changes made elsewhere (the dialer completing or pausing the campaign).
  const onProgressStatus = useCallback(
    (status: string) => setSaved((c) => (c && c.status !== status ? { ...c, status } : c)),
    [],
  );
  const { submit, busy, toast, setToast } = useCampaignSubmit({
    campaignId: saved?.id ?? null,
    listPath: paths.list,
    viewPath: paths.view,
    onSaved: (c) => {
      setSaved(c);
      setCsv(null);
    },
    // In create mode the choice is attached once the campaign exists; in view mode only a changed choice is saved.
    afterSave: async (c) => {
      await outcomeFields.save(c.id).catch((err: unknown) => {
        const why = err instanceof FieldsProblem ? err.message : messageOf(err, "please try again.");
        throw new Error(`its qualifying questions were not: ${why}`);
      });
      if (!choiceChanged(kb.saved, kb.selected)) return;
      const docs = await setCampaignKnowledgeBases(c.id, kb.selected).catch((err: unknown) => {
        throw new Error(`its knowledge base was not: ${messageOf(err, "please try again.")}`);
      });
      kb.setSaved(docs.map((d) => d.id));
    },
  });
  const patch = (p: Partial<CampaignFormValues>) => setValues((v) => ({ ...v, ...p }));
  const setVariants = useCallback((variants: VariantDrafts) => setValues((v) => ({ ...v, variants })), []);
  const experiment = useStoredVariants(saved?.id ?? null, values.variants ?? null, setVariants);
  // Changing channel or type clears the email content unless the result is email + outbound (spec §4).
  const patchRoute = (p: Partial<Pick<CampaignFormValues, "channel" | "campaignType">>) =>
    setValues((v) => {
      const next = { ...v, ...p };
      return next.channel === "email" && next.campaignType === "outbound"
        ? next
        : { ...next, emailSubject: "", emailBody: "" };
    });
  const send = (kind: SubmitKind) => void submit(kind, values, csv);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send(viewMode ? "update" : "launch");
  };
  const email: EmailConfig = { subject: values.emailSubject, body: values.emailBody, attachments };
  const contactList = saved ? toContactList(saved) : null;
  // The greeting follows the opening line as it is typed, once typing pauses.
  const openingLine = useDebouncedValue(values.customFaqs.opening_line, 400);
  const greeting = greetingDraftState(openingLine, {
    fileChosen: csv !== null,
    check: { pending: check.isPending, data: check.data, failed: check.isError },
    campaignId: saved?.id ?? null,
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: "flex", flexDirection: "column", gap: 2.5 }}>
      {viewMode && saved && (
        <LifecyclePanel
          campaign={saved}
          onChanged={setSaved}
          onError={(m) => setToast({ severity: "error", message: m })}
        />
      )}
      {viewMode && saved && PROGRESS_STATUSES.has(saved.status) && (
        <ProgressPanel campaignId={saved.id} onStatus={onProgressStatus} />
      )}
      {viewMode && saved && saved.status !== "draft" && <ExperimentPanel campaignId={saved.id} />}
      {viewMode && saved && saved.status !== "draft" && <ScorecardPanel campaignId={saved.id} />}
      {!viewMode && restored && (
        <DraftRestoredNotice contactFileName={csv ? null : restored.contactFileName} onStartOver={startOver} />
      )}
      <FormSection title="Campaign Name">
        <TextField
          fullWidth
          label="Campaign Name"
          required
          value={values.campaignName}
          onChange={(e) => patch({ campaignName: e.target.value })}
          slotProps={{ htmlInput: { readOnly: viewMode } }}
        />
      </FormSection>
      <FormSection title="Campaign Description">
        <TextField
          fullWidth
          multiline
          minRows={3}
          label="Campaign Description"
          helperText="For your team only: the agent never says it."
          value={values.campaignDescription}
          onChange={(e) => patch({ campaignDescription: e.target.value })}
          slotProps={{ htmlInput: { readOnly: viewMode } }}
        />
      </FormSection>
      <ChannelSection value={values.channel} onChange={(channel) => patchRoute({ channel })} readOnly={viewMode} />
      <CampaignTypeSection
        value={values.campaignType}
        onChange={(campaignType) => patchRoute({ campaignType })}
        readOnly={viewMode && !canEdit}
      />
      {values.campaignType === "inbound" && (
        <InboundNumberSection
          value={values.inboundNumber}
          onChange={(inboundNumber) => patch({ inboundNumber })}
          readOnly={viewMode && !canEdit}
        />
      )}
      {/* Email content means nothing to a voice campaign: the card shows only for the email channel. */}
      {values.channel !== "voice" && (
        <EmailSummarySection
          subject={values.emailSubject}
          enabled={values.channel === "email"}
          onEdit={() => setEmailOpen(true)}
        />
      )}
      <FormSection title="Tone of Voice" subtitle="Pick the voice your AI agent speaks with">
        <VoiceSelect
          voices={(voices.data ?? []).map((v) => ({ ...v, id: v.voice_id ?? v.id }))}
          loading={voices.isPending}
          value={values.toneOfVoice}
          onChange={(toneOfVoice) => patch({ toneOfVoice })}
        />
      </FormSection>
      {values.channel === "voice" && values.campaignType === "outbound" && (
        <FollowUpSection value={values} onChange={patch} />
      )}
      {values.channel === "voice" && (
        <TransferSection
          value={values.transferTo}
          onChange={(transferTo) => patch({ transferTo })}
          readOnly={viewMode && !canEdit}
        />
      )}
      <FormSection
        title="Custom FAQs & Call Flows"
        subtitle="How the agent opens the call, what it is for, and answers to common questions"
      >
        <FaqEditor
          value={values.customFaqs}
          onChange={(customFaqs) => patch({ customFaqs })}
          readOnly={viewMode}
          variables={variables}
        />
      </FormSection>
      {values.channel === "voice" && <OutcomeFieldsSection state={outcomeFields} readOnly={viewMode && !canEdit} />}
      {values.channel === "voice" && values.campaignType === "outbound" && (
        <FormSection
          title="Experiment"
          subtitle={
            "Try 2 to 4 versions of the opening line, goal and voice: when the campaign launches its contacts are " +
            "split between them at random, evenly in each time zone, and the campaign view compares them."
          }
        >
          <VariantsEditor
            value={values.variants ?? null}
            onChange={setVariants}
            flow={values.customFaqs}
            voices={(voices.data ?? []).map((v) => ({ id: v.voice_id ?? v.id, name: v.name }))}
            started={experiment.state === "running" || experiment.state === "ended"}
            launchedWithout={Boolean(saved && saved.status !== "draft" && experiment.state === "none")}
            readOnly={viewMode && !canEdit}
          />
        </FormSection>
      )}
      <KnowledgeBaseSection choice={kb} createPath={paths.createKnowledgeBase} />
      {values.channel === "voice" && (
        // The items chosen above, saved or not: what this campaign's calls would answer from once saved.
        <KnowledgeTestBox
          scope={{ campaign_id: saved?.id, document_ids: kb.selected }}
          blockedReason={
            kb.selected.length
              ? null
              : "Choose knowledge base items above to test what this campaign's calls would answer from them."
          }
          subtitle={
            "Type or say what a caller might ask: see what the agent would answer on this " +
            "campaign's calls from the items chosen above, and the passages it comes from."
          }
        />
      )}
      <TestCallPanel campaignId={saved?.id ?? null} />
      {/* An inbound campaign dials no list: its contacts are the people who call, listed once it is saved. */}
      {(values.campaignType === "outbound" || (viewMode && saved)) && (
        <FormSection title={values.campaignType === "inbound" ? "Callers" : "Contact List Upload & Integrations"}>
          {values.campaignType === "outbound" && (
            <ContactListSection
              file={csv}
              onFileChange={setCsv}
              existing={contactList}
              viewMode={viewMode}
              preview={preview}
              simulatedCarrier={simulatedCarrier}
              check={{ pending: check.isPending, error: check.error, data: check.data }}
              campaignId={saved?.id ?? null}
              onCrmImported={() => {
                // The list's summary and the contacts table show what the import stored.
                if (saved) void getCampaign(saved.id).then(setSaved);
                void queryClient.invalidateQueries({ queryKey: ["campaigns"] });
              }}
            />
          )}
          {viewMode && saved && (
            <Box sx={{ mt: 2 }}>
              <ContactsTable campaignId={saved.id} campaignZone={saved.campaign_timezone || values.campaignTimezone} />
            </Box>
          )}
        </FormSection>
      )}
      {values.channel === "voice" && (
        <GreetingPreviewPanel
          state={greeting}
          version={`${saved?.updated_at ?? ""}:${saved?.contact_count ?? 0}`}
          voiceId={values.toneOfVoice}
          spokenTexts={spokenTexts(values.customFaqs)}
          checkedList={csv && check.data ? check.data : null}
        />
      )}
      <FormSection title="Publish & Launch">
        <PublishSection value={values} onChange={patch} datesReadOnly={viewMode} />
      </FormSection>
      <Box sx={{ display: "flex", gap: 2, justifyContent: "flex-end", flexWrap: "wrap" }}>
        {viewMode ? (
          canEdit && (
            <Button type="submit" variant="contained" size="large" disabled={busy !== null}>
              {busy === "update" ? "UPDATING..." : "Update Campaign"}
            </Button>
          )
        ) : (
          <>
            <Button variant="outlined" size="large" disabled={busy !== null} onClick={() => send("draft")}>
              {busy === "draft" ? "SAVING..." : "SAVE AS DRAFT"}
            </Button>
            <Button type="submit" variant="contained" size="large" disabled={busy !== null}>
              {busy === "launch" ? "LAUNCHING..." : "LAUNCH CAMPAIGN"}
            </Button>
          </>
        )}
      </Box>
      <EmailConfigDialog
        open={emailOpen}
        value={email}
        onChange={(n) => {
          patch({ emailSubject: n.subject, emailBody: n.body });
          setAttachments(n.attachments);
        }}
        onClose={() => setEmailOpen(false)}
      />
      <AppToast toast={toast} onClose={() => setToast(null)} />
    </Box>
  );
}
