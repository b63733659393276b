import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import Avatar from "@mui/material/Avatar";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import Divider from "@mui/material/Divider";
import { signOut } from "../lib/sign-out.ts";
import { session } from "../lib/session.ts";
import { ROLE_LABELS, can } from "@parley/shared/permissions";
import { useCurrentUser } from "../lib/useCurrentUser.ts";
import { useMyOrganizations, useOrganizationSwitch } from "../features/organizations/useOrganizationSwitch.ts";

export function UserMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : "";
  // The user's other organisations, to switch to from here (read when the menu first opens).
  const orgs = useMyOrganizations(anchor !== null);
  const others = (orgs.data?.organizations ?? []).filter((o) => o.slug !== session.orgSlug());
  const switchOrg = useOrganizationSwitch();

  async function logout() {
    setAnchor(null);
    await signOut(queryClient);
    navigate("/login", { replace: true });
  }

  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
      {user && (
        <Chip label={ROLE_LABELS[user.role]} color="primary" size="small" variant="outlined" data-testid="role-label" />
      )}
      <IconButton aria-label="Account menu" onClick={(e) => setAnchor(e.currentTarget)} size="small">
        <Avatar sx={{ width: 34, height: 34, bgcolor: "primary.main" }}>
          {(user?.first_name ?? "?").slice(0, 1).toUpperCase()}
        </Avatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <Stack sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle2">{name || "Signed in"}</Typography>
          <Typography variant="caption" color="text.secondary">
            {user?.organization_name ?? session.orgName()}
          </Typography>
        </Stack>
        <Divider />
        {others.map((org) => (
          <MenuItem
            key={org.id}
            disabled={switchOrg.isPending}
            onClick={() => {
              setAnchor(null);
              switchOrg.mutate(org.slug);
            }}
          >
            <Stack>
              <Typography variant="body2">Switch to {org.name}</Typography>
              <Typography variant="caption" color="text.secondary">
                {ROLE_LABELS[org.role]}
              </Typography>
            </Stack>
          </MenuItem>
        ))}
        {others.length > 0 && <Divider />}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate(`/org/${session.orgSlug()}/organization`);
          }}
        >
          Organizations
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate(`/org/${session.orgSlug()}/settings`);
          }}
        >
          {/* A member has no organisation settings to see: the page shows them only their own profile. */}
          {can(user?.role, "settings.view") ? "Settings" : "Profile"}
        </MenuItem>
        <MenuItem onClick={logout}>Logout</MenuItem>
      </Menu>
    </Stack>
  );
}
