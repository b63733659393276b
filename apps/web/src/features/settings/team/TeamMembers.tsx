import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { Role } from "@parley/shared/auth";
import { ROLE_LABELS } from "@parley/shared/permissions";
import type { TeamMember } from "@parley/shared/team";
import { formatDate } from "../../../lib/time-format.ts";
import { useViewerZone } from "../../../lib/useViewerZone.ts";
import { useRemoveMember, useSetRole } from "./team-api.ts";

const ROLES: Role[] = ["owner", "admin", "member"];
const nameOf = (m: TeamMember) => `${m.first_name} ${m.last_name}`.trim() || m.username;

type Props = {
  members: TeamMember[];
  myId: string | undefined;
  onError(err: unknown, fallback: string): void;
  onDone(message: string): void;
};

/**
 * Members with their role (changed on the spot) and a remove button that asks first. The only owner's role is
 * fixed (the server refuses to leave the organisation without one), and one's own row has no remove button:
 * leaving is "Leave organization" below, which also moves the session on.
 */
export function TeamMembers({ members, myId, onError, onDone }: Props) {
  const zone = useViewerZone();
  const owners = members.filter((m) => m.role === "owner").length;
  const setRole = useSetRole();
  const remove = useRemoveMember();
  const [leaving, setLeaving] = useState<TeamMember | null>(null);

  const changeRole = (m: TeamMember, role: Role) =>
    setRole.mutateAsync({ userId: m.user_id, role }).then(
      () => onDone(`${nameOf(m)} is now ${ROLE_LABELS[role]}.`),
      (err) => onError(err, "The role could not be changed."),
    );
  const confirmRemove = async () => {
    if (!leaving) return;
    await remove.mutateAsync(leaving.user_id).then(
      () => onDone(`${nameOf(leaving)} was removed.`),
      (err) => onError(err, "The member could not be removed."),
    );
    setLeaving(null);
  };

  return (
    <Box component="ul" aria-label="Members" sx={{ listStyle: "none", p: 0, m: 0 }}>
      {members.map((m) => {
        const onlyOwner = m.role === "owner" && owners === 1;
        return (
          <Box
            component="li"
            key={m.user_id}
            aria-label={nameOf(m)}
            sx={{
              display: "flex",
              flexWrap: "wrap",
              alignItems: "center",
              gap: 1.5,
              py: 1.5,
              borderTop: 1,
              borderColor: "divider",
            }}
          >
            <Box sx={{ flex: "1 1 220px", minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {nameOf(m)}
                {m.user_id === myId ? " (you)" : ""}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                {m.email} · @{m.username} · joined {formatDate(m.joined_at, zone)}
              </Typography>
            </Box>
            <TextField
              select
              size="small"
              label="Role"
              value={m.role}
              onChange={(e) => void changeRole(m, e.target.value as Role)}
              disabled={setRole.isPending || onlyOwner}
              helperText={onlyOwner ? "The only owner" : undefined}
              slotProps={{ htmlInput: { "aria-label": `Role of ${nameOf(m)}` } }}
              sx={{ width: 130 }}
            >
              {ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  {ROLE_LABELS[r]}
                </MenuItem>
              ))}
            </TextField>
            {m.user_id === myId ? (
              <Box sx={{ width: 80 }} />
            ) : (
              <Button color="error" sx={{ width: 80 }} onClick={() => setLeaving(m)}>
                Remove
              </Button>
            )}
          </Box>
        );
      })}
      <Dialog open={leaving !== null} onClose={() => setLeaving(null)} aria-labelledby="remove-member-title">
        <DialogTitle id="remove-member-title">Remove from the organization?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {leaving && nameOf(leaving)} loses access to this organization at once and is signed out of it. Their
            account and their other organizations stay.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setLeaving(null)}>Cancel</Button>
          <Button color="error" variant="contained" disabled={remove.isPending} onClick={() => void confirmRemove()}>
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
