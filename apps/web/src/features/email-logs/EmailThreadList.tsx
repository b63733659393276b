import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import Reply from "@mui/icons-material/Reply";
import { ListSearchField } from "../../components/ListSearchField.tsx";
import type { EmailThreadSummary } from "@parley/shared/email-logs";
import { useViewerZone } from "../../lib/useViewerZone.ts";
import { countLine, emailDate } from "./email-display.ts";

type Props = {
  threads: EmailThreadSummary[];
  total: number;
  search: string;
  onSearch(value: string): void;
  loading: boolean;
  failed: boolean;
  selectedId: string | null;
  onSelect(id: string): void;
};

/** Left pane: the count line, 'Search Email', one row per thread. */
export function EmailThreadList(p: Props) {
  const zone = useViewerZone();
  return (
    <Box sx={{ display: "flex", flexDirection: "column", minHeight: 0, height: "100%" }}>
      <Typography variant="h6" component="h2" sx={{ p: 2, pb: 1 }}>
        {countLine(p.threads.length, p.total, p.search.trim() !== "")}
      </Typography>
      <ListSearchField placeholder="Search Email" value={p.search} onChange={p.onSearch} />
      <List disablePadding sx={{ overflowY: "auto", flex: 1 }} aria-label="Email conversations">
        {p.loading && (
          <Box sx={{ display: "flex", justifyContent: "center", p: 3 }}>
            <CircularProgress size={24} />
          </Box>
        )}
        {p.threads.map((t) => (
          <ListItemButton
            key={t.thread_id}
            selected={t.thread_id === p.selectedId}
            onClick={() => p.onSelect(t.thread_id)}
            sx={{ display: "block", borderBottom: 1, borderColor: "divider" }}
          >
            <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
              <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
                {t.email}
              </Typography>
              <Tooltip title={t.hasReplies ? "Has replies" : "No replies yet"}>
                <Reply
                  aria-label={t.hasReplies ? "Has replies" : "No replies yet"}
                  fontSize="small"
                  sx={{ color: t.hasReplies ? "primary.light" : "text.disabled" }}
                />
              </Tooltip>
            </Box>
            <Typography variant="body2" noWrap>
              {t.subject || "(no subject)"}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {emailDate(t.date, zone)}
            </Typography>
          </ListItemButton>
        ))}
        {!p.loading && p.threads.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: "center" }}>
            {p.failed
              ? "Unable to load conversations"
              : p.total === 0
                ? "No email conversations yet"
                : "No emails match your search"}
          </Typography>
        )}
      </List>
    </Box>
  );
}
