import { Link as RouterLink } from "react-router-dom";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import ArrowForward from "@mui/icons-material/ArrowForward";

export function CallToAction() {
  return (
    <Box component="section" aria-labelledby="cta-title" sx={{ py: { xs: 6, md: 10 }, bgcolor: "background.default" }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            position: "relative",
            overflow: "hidden",
            borderRadius: 3,
            px: { xs: 3, md: 8 },
            py: { xs: 6, md: 8 },
            textAlign: "center",
            background:
              "radial-gradient(600px 300px at 90% 0%, rgba(236,72,153,0.35), transparent " +
              "70%), linear-gradient(135deg, #6d28d9 0%, #4c1d95 55%, #2e1065 100%)",
            boxShadow: "0 24px 60px rgba(109,40,217,0.35)",
          }}
        >
          <Typography
            id="cta-title"
            variant="h2"
            sx={{ fontSize: { xs: 28, md: 44 }, lineHeight: 1.15, mb: 2, letterSpacing: -0.5 }}
          >
            Let your AI agent make today's calls
          </Typography>
          <Typography
            sx={{ fontSize: { xs: 16, md: 19 }, color: "rgba(255,255,255,0.85)", mb: 4, maxWidth: 620, mx: "auto" }}
          >
            Start your free 14-day trial and launch your first voice campaign in minutes. Parley books the meetings
            while your team closes.
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ justifyContent: "center" }}>
            <Button
              component={RouterLink}
              to="/login"
              variant="contained"
              size="large"
              endIcon={<ArrowForward />}
              sx={{
                bgcolor: "common.white",
                color: "primary.dark",
                px: 4,
                py: 1.5,
                fontSize: 17,
                "&:hover": { bgcolor: "#ede9fe" },
              }}
            >
              Get Started
            </Button>
            <Button
              href="#request-demo"
              variant="outlined"
              size="large"
              sx={{ color: "common.white", borderColor: "rgba(255,255,255,0.5)", px: 4, py: 1.5, fontSize: 17 }}
            >
              Request a Demo
            </Button>
          </Stack>
          <Typography variant="body2" sx={{ mt: 3, color: "rgba(255,255,255,0.7)" }}>
            No credit card required.
          </Typography>
        </Box>
      </Container>
    </Box>
  );
}
