import { useState, type KeyboardEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import QuestionAnswer from "@mui/icons-material/QuestionAnswerOutlined";
import type { KbAskRequest } from "@parley/shared/knowledge-base";
import { messageOf } from "../../lib/api-error.ts";
import { askKnowledgeBase } from "./ask-knowledge-base.ts";
import { PassageCard } from "./PassageCard.tsx";
import { MicToggle, SpokenQuestionStatus } from "./SpokenQuestion.tsx";
import { useSpokenQuestion } from "./useSpokenQuestion.ts";

type Props = {
  /** Which documents answer: a campaign's, a chosen few, or (neither) the whole organisation's. */
  scope: Omit<KbAskRequest, "question">;
  /** Why the box cannot ask yet (e.g. no document chosen), shown instead of asking. */
  blockedReason?: string | null;
  subtitle?: string;
};

/**
 * "Test your knowledge base": type or say what a caller might ask and see the answer the agent would say on a
 * call, whether the knowledge base answered it, and the passages it looked at.
 */
export function KnowledgeTestBox({ scope, blockedReason, subtitle }: Props) {
  const [question, setQuestion] = useState("");
  const ask = useMutation({ mutationFn: askKnowledgeBase });
  const result = ask.data;

  const askNow = (text: string) => {
    if (text.trim() && !blockedReason) ask.mutate({ ...scope, question: text.trim() });
  };
  const submit = () => askNow(question);
  // A spoken question fills the field (to read and correct) and is asked at once.
  const spoken = useSpokenQuestion(scope.campaign_id, (text) => {
    const heard = text.slice(0, 500);
    setQuestion(heard);
    askNow(heard);
  });
  // Not a <form>: the box sits inside Campaign setup's form, whose Enter must not save the campaign.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    submit();
  };

  return (
    // A group, not a region: the setup screen's "Knowledge base" region keeps a name no other region contains.
    <Paper
      role="group"
      aria-label="Test your knowledge base"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}
    >
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
        Test your knowledge base
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {subtitle ??
          "Type or say what a caller might ask: see what the agent would " +
            "answer on a call, and the passages it comes from."}
      </Typography>
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "flex-start" }}>
        <TextField
          size="small"
          label="Question"
          placeholder="e.g. How long is the warranty?"
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={Boolean(blockedReason)}
          sx={{ flex: "1 1 260px" }}
          slotProps={{
            htmlInput: { maxLength: 500 },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <MicToggle
                    state={spoken.state}
                    disabled={Boolean(blockedReason) || ask.isPending}
                    onStart={() => void spoken.start()}
                    onStop={() => void spoken.stop()}
                  />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button
          variant="contained"
          onClick={submit}
          startIcon={<QuestionAnswer />}
          disabled={!question.trim() || ask.isPending || Boolean(blockedReason)}
        >
          {ask.isPending ? "Asking…" : "Ask"}
        </Button>
      </Box>
      <SpokenQuestionStatus state={spoken.state} />
      {blockedReason && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {blockedReason}
        </Typography>
      )}
      {ask.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {messageOf(ask.error, "The question could not be asked. Please try again.")}
        </Alert>
      )}
      {result && !ask.isPending && (
        <Box aria-live="polite" sx={{ mt: 2.5, display: "flex", flexDirection: "column", gap: 1.5 }}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
            <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
              The caller would hear
            </Typography>
            <Chip
              size="small"
              color={result.answered ? "success" : "warning"}
              label={result.answered ? "Answered" : "Not in the knowledge base"}
            />
          </Box>
          <Box
            component="blockquote"
            data-testid="kb-test-answer"
            sx={{
              m: 0,
              pl: 2,
              borderLeft: 3,
              borderColor: result.answered ? "success.main" : "warning.main",
              overflowWrap: "anywhere",
            }}
          >
            <Typography>{result.answer}</Typography>
          </Box>
          <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600, mt: 1 }}>
            {result.passages.length
              ? `Passages the agent looked at (${result.passages.length})`
              : "No passage matches this question."}
          </Typography>
          {result.passages.length > 0 && (
            <Box
              component="ol"
              aria-label="Passages"
              sx={{ m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1 }}
            >
              {result.passages.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: shown in order, never reordered
                <PassageCard key={`${p.document_id}-${i}`} passage={p} rank={i + 1} />
              ))}
            </Box>
          )}
        </Box>
      )}
    </Paper>
  );
}
