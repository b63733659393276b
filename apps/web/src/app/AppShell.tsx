import { Suspense, useState } from "react";
import { Outlet } from "react-router-dom";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import MenuIcon from "@mui/icons-material/Menu";
import { SideMenu } from "./SideMenu.tsx";
import { UserMenu } from "./UserMenu.tsx";
import { PageSpinner } from "../components/PageSpinner.tsx";
import { session } from "../lib/session.ts";
import { useCurrentUser } from "../lib/useCurrentUser.ts";

const MENU_WIDTH = 240;

/** The signed-in frame: a permanent left menu from 600 px up, a top bar with a drawer below. */
export function AppShell() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { data: user } = useCurrentUser();
  return (
    <Box sx={{ display: "flex", minHeight: "100vh", bgcolor: "background.default" }}>
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: "none", sm: "block" },
          width: MENU_WIDTH,
          flexShrink: 0,
          "& .MuiDrawer-paper": { width: MENU_WIDTH, boxSizing: "border-box" },
        }}
      >
        <SideMenu />
      </Drawer>
      <Drawer
        variant="temporary"
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        ModalProps={{ keepMounted: true }}
        sx={{ display: { xs: "block", sm: "none" }, "& .MuiDrawer-paper": { width: MENU_WIDTH } }}
      >
        <SideMenu onNavigate={() => setDrawerOpen(false)} />
      </Drawer>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <AppBar
          position="sticky"
          color="transparent"
          elevation={0}
          sx={{ borderBottom: 1, borderColor: "divider", backdropFilter: "blur(8px)" }}
        >
          <Toolbar sx={{ gap: 1 }}>
            <IconButton
              aria-label="Open menu"
              edge="start"
              onClick={() => setDrawerOpen(true)}
              sx={{ display: { sm: "none" } }}
            >
              <MenuIcon />
            </IconButton>
            <Typography variant="subtitle1" noWrap sx={{ flexGrow: 1, fontWeight: 600 }}>
              {user?.organization_name ?? session.orgName()}
            </Typography>
            <UserMenu />
          </Toolbar>
        </AppBar>
        <Box component="main" sx={{ p: { xs: 2, md: 3 } }}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
