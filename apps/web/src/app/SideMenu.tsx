import { Link as RouterLink, useLocation } from "react-router-dom";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { session } from "../lib/session.ts";
import { useCan } from "../lib/useCurrentUser.ts";
import { NAV_ITEMS, ORGANIZATIONS_ITEM, SETTINGS_ITEM, type NavItem } from "./nav-items.tsx";
import { isActive } from "./nav-paths.ts";

export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const slug = session.orgSlug(); // the spec reads the menu's slug from session storage
  // A member has no settings of the organisation; their own profile is in the account menu.
  const below = useCan("settings.view") ? [ORGANIZATIONS_ITEM, SETTINGS_ITEM] : [ORGANIZATIONS_ITEM];
  const entry = (item: NavItem) => (
    <ListItemButton
      key={item.path}
      component={RouterLink}
      to={`/org/${slug}/${item.path}`}
      selected={isActive(item, pathname)}
      onClick={onNavigate}
      sx={{ borderRadius: 2, mb: 0.5, "&.Mui-selected": { bgcolor: "rgba(139, 92, 246, 0.22)" } }}
    >
      <ListItemIcon sx={{ minWidth: 40, color: "inherit" }}>{item.icon}</ListItemIcon>
      <ListItemText primary={item.label} />
    </ListItemButton>
  );
  return (
    <Box component="nav" aria-label="Main menu" sx={{ p: 2, display: "flex", flexDirection: "column", height: "100%" }}>
      <Typography variant="h6" sx={{ px: 1, pb: 2, fontWeight: 800, color: "primary.light" }}>
        Parley
      </Typography>
      <List disablePadding>{NAV_ITEMS.map(entry)}</List>
      <Box sx={{ flexGrow: 1 }} />
      <Divider sx={{ my: 1 }} />
      <List disablePadding>{below.map(entry)}</List>
    </Box>
  );
}
