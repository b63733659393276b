import { useQuery } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { AnswerHours } from "@parley/shared/answer-hours";
import { failureMessage } from "../../lib/api-error.ts";
import { fetchAnswerHours } from "./analytics-api.ts";
import { heatRows, heatShade, learningNote, WEEKDAYS } from "./answer-hours-view.ts";
import { EmptyState } from "./EmptyState.tsx";

/** Read by screen readers, not shown. */
const hidden = {
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
} as const;
const cellSx = { border: 1, borderColor: "divider", p: 0.25, textAlign: "center", height: 40 } as const;

function HeatMap({ data }: { data: AnswerHours }) {
  return (
    <Box
      component="table"
      aria-label="Answer rate by weekday and hour"
      sx={{ width: "100%", tableLayout: "fixed", borderCollapse: "collapse", fontSize: { xs: 11, sm: 13 } }}
    >
      <thead>
        <tr>
          <Box component="th" sx={{ width: { xs: 40, sm: 64 } }}>
            <Box component="span" sx={hidden}>
              Hour
            </Box>
          </Box>
          {WEEKDAYS.map((d) => (
            <Box component="th" key={d} scope="col" sx={{ fontWeight: 600, pb: 0.5, color: "text.secondary" }}>
              {d}
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {heatRows(data).map((row) => (
          <tr key={row.hour}>
            <Box
              component="th"
              scope="row"
              sx={{ fontWeight: 500, color: "text.secondary", textAlign: "right", pr: 1 }}
            >
              {row.label}
            </Box>
            {row.cells.map((c) => (
              <Box
                component="td"
                key={c.weekday}
                aria-label={c.label}
                title={c.label}
                sx={{ ...cellSx, bgcolor: heatShade(c.rate), color: c.rate === null ? "text.secondary" : "#fff" }}
              >
                <Box sx={{ fontWeight: c.rate === null ? 400 : 700, lineHeight: 1.2 }}>{c.text}</Box>
                <Box sx={{ fontSize: "0.8em", opacity: 0.85, lineHeight: 1.2 }}>{c.detail}</Box>
              </Box>
            ))}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/** When the organisation's contacts answer, from every call the dialer placed: a heat map with counts. */
export function AnswerHoursPanel() {
  const q = useQuery({ queryKey: ["analytics", "answer-hours"], queryFn: ({ signal }) => fetchAnswerHours(signal) });
  return (
    <Paper component="section" aria-labelledby="answer-hours-title" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Typography id="answer-hours-title" variant="h6" component="h2">
        When contacts answer
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Share of dialled calls a person answered, by weekday and hour on each contact's own clock, from every call the
        dialer has placed.
      </Typography>
      {q.isPending && <CircularProgress aria-label="Loading answer hours" size={28} />}
      {q.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => q.refetch()}>
              Retry
            </Button>
          }
        >
          {failureMessage(q.error, "Failed to load when contacts answer. Please try again.")}
        </Alert>
      )}
      {q.data &&
        (q.data.totals.dialled === 0 ? (
          <EmptyState
            title="No dialled calls yet."
            hint="Once campaigns have called, each hour shows how often a person picked up."
          />
        ) : (
          <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
            <Alert severity={q.data.learning.active ? "success" : "info"}>{learningNote(q.data)}</Alert>
            <HeatMap data={q.data} />
            <Typography variant="caption" color="text.secondary">
              {q.data.totals.people.toLocaleString()} of {q.data.totals.dialled.toLocaleString()} calls answered by a
              person. A cell shows its rate and counts (answered/dialled) once it holds {q.data.min_cell_calls} calls;
              with fewer it shows only how many ("few"), as a rate on a handful of calls misleads.
            </Typography>
          </Box>
        ))}
    </Paper>
  );
}
