import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import Check from "@mui/icons-material/Check";
import { USE_CASES } from "./landing-content.ts";
import { SectionHeading, sectionSx } from "./SectionHeading.tsx";

export function UseCasesSection() {
  return (
    <Box
      component="section"
      id="use-cases"
      aria-labelledby="use-cases-title"
      sx={{ ...sectionSx, bgcolor: "background.default" }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="use-cases-title"
          eyebrow="Use cases"
          title="One agent, three teams"
          lead="Sales, support and success teams each get a tireless voice that follows their playbook."
        />
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" }, gap: 3 }}>
          {USE_CASES.map(({ title, text, icon: Icon, points }) => (
            <Card
              key={title}
              sx={{
                p: { xs: 3, md: 4 },
                position: "relative",
                overflow: "hidden",
                background: "linear-gradient(180deg, rgba(139,92,246,0.14) 0%, rgba(28,15,51,1) 55%)",
              }}
            >
              <Box
                sx={{
                  width: 56,
                  height: 56,
                  borderRadius: "50%",
                  display: "grid",
                  placeItems: "center",
                  mb: 3,
                  bgcolor: "rgba(139,92,246,0.22)",
                  color: "primary.light",
                }}
              >
                <Icon />
              </Box>
              <Typography variant="h5" component="h3" sx={{ mb: 1.5 }}>
                {title}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 3, lineHeight: 1.65 }}>
                {text}
              </Typography>
              <Stack component="ul" spacing={1.25} sx={{ m: 0, p: 0, listStyle: "none" }}>
                {points.map((p) => (
                  <Stack component="li" key={p} direction="row" spacing={1.25} sx={{ alignItems: "center" }}>
                    <Check sx={{ fontSize: 18, color: "success.main" }} />
                    <Typography variant="body2">{p}</Typography>
                  </Stack>
                ))}
              </Stack>
            </Card>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
