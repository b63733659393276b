import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import Accepted from "@mui/icons-material/CheckCircleOutlineOutlined";
import Refused from "@mui/icons-material/HighlightOffOutlined";
import type { KbAnswerCheck } from "@parley/shared/knowledge-base";

const QUOTE = 140;
const quoted = (s: string) => `“${s.length > QUOTE ? `${s.slice(0, QUOTE).replace(/\s+\S*$/, "")}…` : s}”`;

/** Why the agent did or did not answer from a passage: each candidate sentence and the rule that decided it. */
export function AnswerChecks({ checks, label }: { checks: KbAnswerCheck[]; label: string }) {
  if (!checks.length) return null;
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ m: 0, mt: 1.5, p: 0, display: "flex", flexDirection: "column", gap: 0.75 }}
    >
      {checks.map((c) => (
        <Box
          component="li"
          key={`${c.rule} ${c.sentence}`}
          sx={{ listStyle: "none", display: "flex", gap: 1, alignItems: "flex-start" }}
        >
          {c.accepted ? (
            <Accepted fontSize="small" color="success" titleAccess="Accepted" sx={{ mt: 0.25 }} />
          ) : (
            <Refused fontSize="small" color="warning" titleAccess="Refused" sx={{ mt: 0.25 }} />
          )}
          <Typography variant="body2" sx={{ overflowWrap: "anywhere", minWidth: 0 }}>
            <Box component="span" sx={{ fontStyle: "italic" }}>
              {quoted(c.sentence)}
            </Box>{" "}
            — {c.reason}{" "}
            <Box component="code" sx={{ fontSize: "0.75rem", color: "text.secondary" }}>
              {c.rule}
            </Box>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
