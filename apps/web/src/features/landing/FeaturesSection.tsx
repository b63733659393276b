import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { FEATURES } from "./landing-content.ts";
import { SectionHeading, sectionSx } from "./SectionHeading.tsx";

export function FeaturesSection() {
  return (
    <Box
      component="section"
      id="features"
      aria-labelledby="features-title"
      sx={{ ...sectionSx, bgcolor: "background.default" }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything an AI calling team needs"
          lead={
            "One platform to launch voice campaigns, train your agent on your " +
            "own knowledge and see what happened on every call."
          }
        />
        <Box
          component="ul"
          sx={{
            display: "grid",
            gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "repeat(4, 1fr)" },
            gap: { xs: 2, sm: 3 },
            m: 0,
            p: 0,
            listStyle: "none",
          }}
        >
          {FEATURES.map(({ title, text, icon: Icon }) => (
            <Card
              component="li"
              key={title}
              sx={{
                // Icon beside the text on phones keeps eight cards from becoming a very long scroll.
                display: { xs: "flex", sm: "block" },
                gap: 2,
                p: { xs: 2.5, sm: 3 },
                bgcolor: "background.paper",
                transition: "transform 200ms ease, border-color 200ms ease",
                "&:hover": { transform: "translateY(-4px)", borderColor: "primary.main" },
              }}
            >
              <Box
                sx={{
                  width: 48,
                  height: 48,
                  borderRadius: 1.5,
                  display: "grid",
                  placeItems: "center",
                  flexShrink: 0,
                  mb: { xs: 0, sm: 2.5 },
                  color: "common.white",
                  background: "linear-gradient(135deg, #8b5cf6, #6d28d9)",
                  boxShadow: "0 8px 20px rgba(139,92,246,0.35)",
                }}
              >
                <Icon />
              </Box>
              <Box>
                <Typography
                  variant="h6"
                  component="h3"
                  sx={{ fontSize: { xs: 17, sm: 18 }, fontWeight: 700, mb: 1, lineHeight: 1.3 }}
                >
                  {title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.6 }}>
                  {text}
                </Typography>
              </Box>
            </Card>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
