import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Collapse from "@mui/material/Collapse";
import Container from "@mui/material/Container";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Toolbar from "@mui/material/Toolbar";
import MenuIcon from "@mui/icons-material/Menu";
import CloseIcon from "@mui/icons-material/Close";
import { BrandMark } from "./BrandMark.tsx";
import { NAV_LINKS } from "./landing-content.ts";
import { HEADER_SCROLL_THRESHOLD_PX, useScrolledPast } from "./useScrolledPast.ts";

// On the white (scrolled) header the page's darkest purple doubles as ink.
const INK = "background.default";

/** Fixed header: transparent over the hero, white with a shadow once the page is scrolled. */
export function LandingHeader() {
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const ink = scrolled ? INK : "text.primary";
  const closeMenu = () => setMenuOpen(false);

  return (
    <AppBar
      position="fixed"
      color="transparent"
      elevation={scrolled || menuOpen ? 4 : 0}
      data-scrolled={scrolled}
      sx={{
        bgcolor: scrolled ? "common.white" : menuOpen ? "background.default" : "transparent",
        color: ink,
        transition: "background-color 200ms ease, box-shadow 200ms ease",
      }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ minHeight: { xs: 64, md: 72 }, gap: 2 }}>
          <Link href="#top" underline="none" aria-label="Parley home" onClick={closeMenu} sx={{ display: "flex" }}>
            <BrandMark textColor={scrolled ? INK : "text.primary"} />
          </Link>
          <Stack
            component="nav"
            aria-label="Sections"
            direction="row"
            spacing={0.5}
            sx={{ display: { xs: "none", md: "flex" }, ml: 4 }}
          >
            {NAV_LINKS.map((l) => (
              <Button
                key={l.href}
                href={l.href}
                sx={{ color: ink, fontWeight: 500, px: 1.5, "&:hover": { color: "primary.main" } }}
              >
                {l.label}
              </Button>
            ))}
          </Stack>
          <Box sx={{ flexGrow: 1 }} />
          <Stack direction="row" spacing={1} sx={{ display: { xs: "none", md: "flex" } }}>
            <Button component={RouterLink} to="/login" sx={{ color: ink }}>
              Sign In
            </Button>
            <Button component={RouterLink} to="/login" variant="contained">
              Get Started
            </Button>
          </Stack>
          <IconButton
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            aria-expanded={menuOpen}
            aria-controls="landing-mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
            sx={{ display: { md: "none" }, color: ink }}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        </Toolbar>
      </Container>
      <Collapse in={menuOpen} id="landing-mobile-menu" sx={{ display: { md: "none" } }} unmountOnExit>
        <Stack component="nav" aria-label="Mobile sections" spacing={0.5} sx={{ px: 2, pb: 2.5, pt: 0.5 }}>
          {NAV_LINKS.map((l) => (
            <Button
              key={l.href}
              href={l.href}
              onClick={closeMenu}
              sx={{ color: ink, justifyContent: "flex-start", py: 1.25, fontSize: 16 }}
            >
              {l.label}
            </Button>
          ))}
          <Stack direction="row" spacing={1.5} sx={{ pt: 1.5 }}>
            <Button component={RouterLink} to="/login" variant="outlined" fullWidth>
              Sign In
            </Button>
            <Button component={RouterLink} to="/login" variant="contained" fullWidth>
              Get Started
            </Button>
          </Stack>
        </Stack>
      </Collapse>
    </AppBar>
  );
}
