import { createTheme } from "@mui/material/styles";

/** Dark purple brand theme with the spec's breakpoints (0/600/960/1280/1920). */
export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } },
  palette: {
    mode: "dark",
    primary: { main: "#8b5cf6", light: "#a78bfa", dark: "#6d28d9", contrastText: "#ffffff" },
    secondary: { main: "#ec4899" },
    background: { default: "#120720", paper: "#1c0f33" },
    divider: "rgba(167, 139, 250, 0.16)",
    text: { primary: "#f5f3ff", secondary: "#c4b5fd" },
    success: { main: "#22c55e" },
    warning: { main: "#f59e0b" },
    error: { main: "#ef4444" },
    info: { main: "#3b82f6" },
  },
  shape: { borderRadius: 10 },
  // Menus, dialogs and drawers open without motion for anyone whose system asks for reduced motion.
  motion: { reducedMotion: "system" },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 800 },
    h2: { fontWeight: 800 },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700 },
    h5: { fontWeight: 700 },
    button: { textTransform: "none", fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { styleOverrides: { root: { backgroundImage: "none" } } },
    MuiCard: { styleOverrides: { root: { border: "1px solid rgba(167, 139, 250, 0.16)" } } },
  },
});
