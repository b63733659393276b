import { useState, type FormEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import type { Role } from "@parley/shared/auth";
import { ROLE_LABELS } from "@parley/shared/permissions";
import { InvitationCreate, type InvitationLink } from "@parley/shared/team";
import { ApiRequestError, messageOf } from "../../../lib/api-error.ts";
import { useInvite } from "./team-api.ts";

const ROLES: Role[] = ["member", "admin", "owner"];

/** Email and role; on success the parent shows the link to copy. */
export function InviteForm({ onInvited }: { onInvited(link: InvitationLink): void }) {
  const invite = useInvite();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("member");
  const [error, setError] = useState("");

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = InvitationCreate.safeParse({ email, role });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Please enter a valid email address.");
    try {
      onInvited(await invite.mutateAsync(parsed.data));
      setEmail("");
      setError("");
    } catch (err) {
      setError(
        err instanceof ApiRequestError ? messageOf(err, "") : "The invitation could not be created. Please try again.",
      );
    }
  }

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Invite a teammate"
      sx={{ display: "flex", flexDirection: { xs: "column", sm: "row" }, gap: 1.5, alignItems: { sm: "flex-start" } }}
    >
      <TextField
        label="Email"
        type="email"
        size="small"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setError("");
        }}
        error={Boolean(error)}
        helperText={error || " "}
        sx={{ flex: 1 }}
      />
      <TextField
        select
        label="Role"
        size="small"
        value={role}
        onChange={(e) => setRole(e.target.value as Role)}
        sx={{ minWidth: 140 }}
        helperText=" "
      >
        {ROLES.map((r) => (
          <MenuItem key={r} value={r}>
            {ROLE_LABELS[r]}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" disabled={invite.isPending} sx={{ height: 40 }}>
        Invite
      </Button>
    </Box>
  );
}
