import { useState } from "react";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { INDUSTRIES } from "./industries-content.ts";
import { IndustryIllustration } from "./IndustryIllustration.tsx";
import { SectionHeading, sectionSx } from "./SectionHeading.tsx";

export function IndustriesSection() {
  const [activeId, setActiveId] = useState(INDUSTRIES[0]?.id ?? "");
  const industry = INDUSTRIES.find((i) => i.id === activeId) ?? INDUSTRIES[0];
  if (!industry) return null;

  return (
    <Box
      component="section"
      id="industries"
      aria-labelledby="industries-title"
      sx={{ ...sectionSx, background: "linear-gradient(180deg, #120720 0%, #1a0b2e 50%, #120720 100%)" }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="industries-title"
          eyebrow="Industries"
          title="Built for teams that live on the phone"
          lead="Parley adapts its script, knowledge and follow-up strategy to the way your industry sells and serves."
        />
        <Box sx={{ display: "flex", justifyContent: "center", mb: { xs: 4, md: 6 } }}>
          <Tabs
            value={industry.id}
            onChange={(_, id: string) => setActiveId(id)}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label="Industries"
            sx={{
              maxWidth: "100%",
              p: 0.75,
              borderRadius: 999,
              bgcolor: "background.paper",
              border: 1,
              borderColor: "divider",
              minHeight: 0,
              "& .MuiTabs-indicator": { height: "100%", borderRadius: 999, bgcolor: "primary.main", zIndex: 0 },
              // A disabled arrow gives its room back to the tabs on narrow screens.
              "& .MuiTabScrollButton-root": { width: 32, flexShrink: 0 },
              "& .MuiTabScrollButton-root.Mui-disabled": { width: 0 },
            }}
          >
            {INDUSTRIES.map(({ id, label, icon: Icon }) => (
              <Tab
                key={id}
                value={id}
                id={`industry-tab-${id}`}
                aria-controls={`industry-panel-${id}`}
                icon={<Icon fontSize="small" />}
                iconPosition="start"
                label={label}
                sx={{
                  zIndex: 1,
                  minHeight: 44,
                  minWidth: 0,
                  borderRadius: 999,
                  px: { xs: 2, sm: 2.5 },
                  color: "text.secondary",
                  "&.Mui-selected": { color: "common.white" },
                }}
              />
            ))}
          </Tabs>
        </Box>
        <Box
          role="tabpanel"
          id={`industry-panel-${industry.id}`}
          aria-labelledby={`industry-tab-${industry.id}`}
          data-testid="industry-panel"
          sx={{
            display: "grid",
            gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" },
            gap: { xs: 4, md: 8 },
            alignItems: "center",
          }}
        >
          <Box>
            <Typography variant="h3" component="h3" sx={{ fontSize: { xs: 26, md: 34 }, mb: 2, letterSpacing: -0.5 }}>
              {industry.headline}
            </Typography>
            <Typography color="text.secondary" sx={{ fontSize: { xs: 16, md: 17 }, mb: 4, lineHeight: 1.7 }}>
              {industry.description}
            </Typography>
            <Box
              component="dl"
              sx={{ display: "grid", gridTemplateColumns: "repeat(3, 1fr)", gap: { xs: 1.5, sm: 2 }, m: 0 }}
            >
              {industry.stats.map((s) => (
                // dt before dd for a valid list; column-reverse shows the value on top.
                <Box
                  key={s.label}
                  sx={{
                    display: "flex",
                    flexDirection: "column-reverse",
                    justifyContent: "flex-end",
                    p: { xs: 1.5, sm: 2 },
                    borderRadius: 1.5,
                    bgcolor: "background.paper",
                    border: 1,
                    borderColor: "divider",
                  }}
                >
                  <Typography
                    component="dt"
                    variant="body2"
                    color="text.secondary"
                    sx={{ mt: 0.5, fontSize: { xs: 12, sm: 14 } }}
                  >
                    {s.label}
                  </Typography>
                  <Typography
                    component="dd"
                    sx={{
                      m: 0,
                      fontWeight: 800,
                      fontSize: { xs: 22, sm: 28 },
                      color: industry.accent,
                      lineHeight: 1.2,
                    }}
                  >
                    {s.value}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
          <IndustryIllustration industry={industry} />
        </Box>
      </Container>
    </Box>
  );
}
