import Box from "@mui/material/Box";
import GlobalStyles from "@mui/material/GlobalStyles";
import { CallToAction } from "./CallToAction.tsx";
import { FeaturesSection } from "./FeaturesSection.tsx";
import { HeroSection } from "./HeroSection.tsx";
import { IndustriesSection } from "./IndustriesSection.tsx";
import { LandingFooter } from "./LandingFooter.tsx";
import { LandingHeader } from "./LandingHeader.tsx";
import { RequestDemoForm } from "./RequestDemoForm.tsx";
import { TestimonialCarousel } from "./TestimonialCarousel.tsx";
import { UseCasesSection } from "./UseCasesSection.tsx";

// Anchor links glide rather than jump, unless the visitor asked for less motion.
const smoothScroll = { "@media (prefers-reduced-motion: no-preference)": { html: { scrollBehavior: "smooth" } } };

/** The public marketing page at / for visitors who are not signed in. */
export function LandingPage() {
  return (
    <Box sx={{ bgcolor: "background.default", color: "text.primary", overflowX: "clip" }}>
      <GlobalStyles styles={smoothScroll} />
      <LandingHeader />
      <main>
        <HeroSection />
        <FeaturesSection />
        <IndustriesSection />
        <UseCasesSection />
        <TestimonialCarousel />
        <CallToAction />
        <RequestDemoForm />
      </main>
      <LandingFooter />
    </Box>
  );
}
