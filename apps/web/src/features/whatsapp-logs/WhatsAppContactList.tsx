import Avatar from "@mui/material/Avatar";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import Refresh from "@mui/icons-material/Refresh";
import { ListSearchField } from "../../components/ListSearchField.tsx";
import type { WhatsAppContact } from "@parley/shared/whatsapp";
import { usePhoneFormat, useViewerZone } from "../../lib/useViewerZone.ts";
import { shortDate } from "./whatsapp-display.ts";

type Props = {
  contacts: WhatsAppContact[];
  total: number;
  search: string;
  onSearch(value: string): void;
  onRefresh(): void;
  loading: boolean;
  failed: boolean;
  selectedPhone: string | null;
  onSelect(phone: string): void;
};

/** Left pane: 'N Numbers', search, refresh, one row per number. */
export function WhatsAppContactList(p: Props) {
  const phone = usePhoneFormat();
  const zone = useViewerZone();
  return (
    <Box sx={{ display: "flex", flexDirection: "column", minHeight: 0, height: "100%" }}>
      <Box sx={{ p: 2, pb: 1, display: "flex", alignItems: "center", justifyContent: "space-between" }}>
        <Typography variant="h6" component="h2">
          {p.total} {p.total === 1 ? "Number" : "Numbers"}
        </Typography>
        <Tooltip title="Refresh">
          <span>
            <IconButton aria-label="Refresh" onClick={p.onRefresh} disabled={p.loading} size="small">
              {p.loading ? <CircularProgress size={18} /> : <Refresh />}
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <ListSearchField placeholder="Search or start a new chat" value={p.search} onChange={p.onSearch} />
      <List disablePadding sx={{ overflowY: "auto", flex: 1 }} aria-label="WhatsApp numbers">
        {p.contacts.map((c) => (
          <ListItemButton
            key={c.phone}
            selected={c.phone === p.selectedPhone}
            onClick={() => p.onSelect(c.phone)}
            sx={{ gap: 1.5, alignItems: "flex-start", borderBottom: 1, borderColor: "divider" }}
          >
            <Badge color="success" badgeContent={c.unreadCount} overlap="circular">
              <Avatar src={c.avatar ?? undefined} sx={{ bgcolor: "primary.dark" }}>
                {(c.name || "#").slice(0, 1).toUpperCase()}
              </Avatar>
            </Badge>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }} noWrap>
                  {phone(c.phone)}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0, pt: 0.25 }}>
                  {shortDate(c.last_message_time, zone)}
                </Typography>
              </Box>
              <Typography variant="body2" color="text.secondary" noWrap>
                {c.last_message ?? ""}
              </Typography>
              <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1 }}>
                <Typography variant="caption" noWrap>
                  {c.name}
                </Typography>
                <Typography variant="caption" color="primary.light" sx={{ flexShrink: 0 }}>
                  Tap to chat
                </Typography>
              </Box>
            </Box>
          </ListItemButton>
        ))}
        {!p.loading && p.contacts.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: "center" }}>
            {p.failed
              ? "Unable to load WhatsApp logs"
              : p.total === 0
                ? "No WhatsApp conversations yet"
                : "No numbers match your search"}
          </Typography>
        )}
      </List>
    </Box>
  );
}
