import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import ArrowForward from "@mui/icons-material/ArrowForward";
import PlayArrow from "@mui/icons-material/PlayArrow";
import AutoAwesome from "@mui/icons-material/AutoAwesome";
import { HeroIllustration } from "./HeroIllustration.tsx";
import { WatchDemoDialog } from "./WatchDemoDialog.tsx";
import { TRIAL_CLAIM } from "./landing-content.ts";

export function HeroSection() {
  const [demoOpen, setDemoOpen] = useState(false);
  return (
    <Box
      component="section"
      id="top"
      aria-labelledby="hero-title"
      sx={{
        position: "relative",
        overflow: "hidden",
        pt: { xs: 13, md: 18 },
        pb: { xs: 8, md: 12 },
        // The topmost layer fades the glows out so the hero melts into the next section without an edge.
        background:
          "linear-gradient(180deg, rgba(18,7,32,0) 70%, #120720 100%), radial-gradient(800px 420px at 85% " +
          "10%, rgba(139,92,246,0.35), transparent 70%), radial-gradient(600px 380px at 0% 70%, " +
          "rgba(236,72,153,0.14), transparent 70%), linear-gradient(180deg, #1d0b38 0%, #120720 100%)",
      }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: "grid",
            gridTemplateColumns: { xs: "1fr", md: "1.05fr 0.95fr" },
            gap: { xs: 6, md: 8 },
            alignItems: "center",
          }}
        >
          <Box sx={{ textAlign: { xs: "center", md: "left" } }}>
            <Chip
              icon={<AutoAwesome fontSize="small" />}
              label="AI voice agents for sales, support and success"
              sx={{
                mb: 3,
                bgcolor: "rgba(139,92,246,0.16)",
                color: "primary.light",
                border: 1,
                borderColor: "divider",
                maxWidth: "100%",
              }}
            />
            <Typography
              id="hero-title"
              variant="h1"
              sx={{
                fontSize: { xs: 38, sm: 48, md: 60 },
                lineHeight: 1.08,
                letterSpacing: { xs: -1, md: -1.5 },
                mb: 3,
                textWrap: "balance",
              }}
            >
              AI voice agents that{" "}
              <Box
                component="span"
                sx={{
                  background: "linear-gradient(90deg, #a78bfa, #f472b6)",
                  WebkitBackgroundClip: "text",
                  backgroundClip: "text",
                  color: "transparent",
                }}
              >
                call your leads
              </Box>{" "}
              in minutes
            </Typography>
            <Typography
              color="text.secondary"
              sx={{ fontSize: { xs: 17, md: 20 }, mb: 4, maxWidth: 560, mx: { xs: "auto", md: 0 } }}
            >
              Parley phones every lead in a natural voice, answers from your knowledge base, handles objections and
              books the meeting into your calendar, then hands you the recording, transcript and summary.
            </Typography>
            <Stack
              direction={{ xs: "column", sm: "row" }}
              spacing={2}
              sx={{ justifyContent: { xs: "center", md: "flex-start" }, mb: 2.5 }}
            >
              <Button
                component={RouterLink}
                to="/login"
                variant="contained"
                size="large"
                endIcon={<ArrowForward />}
                sx={{ px: 4, py: 1.5, fontSize: 17 }}
              >
                Get Started
              </Button>
              <Button
                variant="outlined"
                size="large"
                startIcon={<PlayArrow />}
                onClick={() => setDemoOpen(true)}
                sx={{ px: 4, py: 1.5, fontSize: 17, color: "text.primary", borderColor: "rgba(196,181,253,0.4)" }}
              >
                Watch Demo
              </Button>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {TRIAL_CLAIM}
            </Typography>
          </Box>
          <HeroIllustration />
        </Box>
      </Container>
      <WatchDemoDialog open={demoOpen} onClose={() => setDemoOpen(false)} />
    </Box>
  );
}
