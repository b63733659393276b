import { useState, type MouseEvent } from "react";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Tooltip from "@mui/material/Tooltip";
import Box from "@mui/material/Box";
import ContentCopy from "@mui/icons-material/ContentCopy";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import MoreVert from "@mui/icons-material/MoreVert";
import OpenInNew from "@mui/icons-material/OpenInNew";
import Pause from "@mui/icons-material/Pause";
import PlayArrow from "@mui/icons-material/PlayArrow";
import { pauseOrResume } from "../logic/lifecycle-actions.ts";
import type { CampaignRow } from "./campaign-row.ts";

/**
 * What a row can do besides opening: pause or resume (as its status allows), duplicate, delete. Duplicate and
 * delete are absent when the role may not change campaigns; their buttons are then not shown.
 */
export type RowActionHandlers = {
  onOpen(id: string): void;
  onLifecycle(row: CampaignRow, action: "pause" | "resume"): void;
  onDuplicate?(row: CampaignRow): void;
  onDelete?(row: CampaignRow): void;
  /** The id of the row whose action is running; its buttons wait. */
  busyId: string | null;
};

const LIFECYCLE = {
  pause: { label: "Pause", icon: <Pause fontSize="small" />, color: "warning" as const },
  resume: { label: "Resume", icon: <PlayArrow fontSize="small" />, color: "success" as const },
};

// The row itself opens the campaign: an action must not also open it.
const stop = (fn: () => void) => (e: MouseEvent) => {
  e.stopPropagation();
  fn();
};

/** Desktop: one icon button per action, each named after the campaign for screen readers. */
export function RowActionIcons({ row, ...h }: RowActionHandlers & { row: CampaignRow }) {
  const lifecycle = pauseOrResume(row.status);
  const busy = h.busyId === row.id;
  return (
    <Box sx={{ display: "flex", gap: 0.5, whiteSpace: "nowrap" }}>
      {lifecycle && (
        <Tooltip title={`${LIFECYCLE[lifecycle].label} campaign`}>
          <span>
            <IconButton
              aria-label={`${LIFECYCLE[lifecycle].label} ${row.name}`}
              color={LIFECYCLE[lifecycle].color}
              disabled={busy}
              onClick={stop(() => h.onLifecycle(row, lifecycle))}
            >
              {LIFECYCLE[lifecycle].icon}
            </IconButton>
          </span>
        </Tooltip>
      )}
      {!lifecycle && (
        // No pause or resume for this status (a draft, a finished campaign): its room is kept, so the
        // duplicate and delete icons stand in one column down the list.
        <IconButton aria-hidden tabIndex={-1} disabled sx={{ visibility: "hidden" }}>
          <Pause fontSize="small" />
        </IconButton>
      )}
      {h.onDuplicate && (
        <Tooltip title="Duplicate campaign">
          <span>
            <IconButton aria-label={`Duplicate ${row.name}`} disabled={busy} onClick={stop(() => h.onDuplicate?.(row))}>
              <ContentCopy fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {h.onDelete && (
        <Tooltip title="Delete campaign">
          <span>
            <IconButton
              aria-label={`Delete ${row.name}`}
              color="error"
              disabled={busy}
              onClick={stop(() => h.onDelete?.(row))}
            >
              <DeleteOutline />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Box>
  );
}

/** Phone: one "more" button opening a menu of the same actions, so nothing overflows a narrow row. */
export function RowActionMenu({ row, ...h }: RowActionHandlers & { row: CampaignRow }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const lifecycle = pauseOrResume(row.status);
  const pick = (fn: () => void) => () => {
    setAnchor(null);
    fn();
  };
  return (
    <>
      <IconButton
        aria-label={`Actions for ${row.name}`}
        aria-haspopup="menu"
        disabled={h.busyId === row.id}
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
      >
        <MoreVert />
      </IconButton>
      {/* The menu renders in a portal, but React events still bubble to the row: stop them here. */}
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        onClick={(e) => e.stopPropagation()}
      >
        <MenuItem onClick={pick(() => h.onOpen(row.id))}>
          <ListItemIcon>
            <OpenInNew fontSize="small" />
          </ListItemIcon>
          <ListItemText>Open</ListItemText>
        </MenuItem>
        {lifecycle && (
          <MenuItem onClick={pick(() => h.onLifecycle(row, lifecycle))}>
            <ListItemIcon>{LIFECYCLE[lifecycle].icon}</ListItemIcon>
            <ListItemText>{LIFECYCLE[lifecycle].label}</ListItemText>
          </MenuItem>
        )}
        {h.onDuplicate && (
          <MenuItem onClick={pick(() => h.onDuplicate?.(row))}>
            <ListItemIcon>
              <ContentCopy fontSize="small" />
            </ListItemIcon>
            <ListItemText>Duplicate</ListItemText>
          </MenuItem>
        )}
        {h.onDelete && (
          <MenuItem onClick={pick(() => h.onDelete?.(row))} sx={{ color: "error.main" }}>
            <ListItemIcon>
              <DeleteOutline fontSize="small" color="error" />
            </ListItemIcon>
            <ListItemText>Delete</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
