import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Divider from "@mui/material/Divider";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { BrandMark } from "./BrandMark.tsx";
import { FOOTER_COLUMNS } from "./landing-content.ts";

const linkSx = { color: "text.secondary", "&:hover": { color: "primary.light" } } as const;

export function LandingFooter() {
  return (
    <Box
      component="footer"
      sx={{ bgcolor: "#0c0416", borderTop: 1, borderColor: "divider", pt: { xs: 6, md: 9 }, pb: 4 }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: "grid",
            gridTemplateColumns: { xs: "1fr 1fr", md: "1.6fr repeat(4, 1fr)" },
            gap: { xs: 4, md: 5 },
          }}
        >
          <Box sx={{ gridColumn: { xs: "1 / -1", md: "auto" } }}>
            <BrandMark />
            <Typography color="text.secondary" sx={{ mt: 2, mb: 2.5, maxWidth: 300, fontSize: 15 }}>
              AI voice agents that call your leads, answer from your knowledge and book the meeting.
            </Typography>
          </Box>
          {FOOTER_COLUMNS.map((col) => (
            <Box component="nav" key={col.title} aria-labelledby={`footer-${col.title}`}>
              <Typography id={`footer-${col.title}`} component="h2" sx={{ fontWeight: 700, fontSize: 15, mb: 2 }}>
                {col.title}
              </Typography>
              <Stack component="ul" spacing={1.25} sx={{ m: 0, p: 0, listStyle: "none" }}>
                {col.links.map((l) => (
                  <li key={l.label}>
                    <Link href={l.href} underline="none" variant="body2" sx={linkSx}>
                      {l.label}
                    </Link>
                  </li>
                ))}
              </Stack>
            </Box>
          ))}
        </Box>
        <Divider sx={{ my: 4 }} />
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={2}
          sx={{ justifyContent: "space-between", alignItems: { xs: "flex-start", sm: "center" } }}
        >
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} Parley. All rights reserved.
          </Typography>
        </Stack>
      </Container>
    </Box>
  );
}
