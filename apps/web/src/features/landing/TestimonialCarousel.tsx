import { useState } from "react";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import { SectionHeading, sectionSx } from "./SectionHeading.tsx";
import { TestimonialCard } from "./TestimonialCard.tsx";
import { TESTIMONIALS } from "./testimonials-content.ts";
import { wrapIndex } from "./wrap-index.ts";

const arrowSx = {
  border: 1,
  borderColor: "divider",
  bgcolor: "background.paper",
  "&:hover": { bgcolor: "primary.dark" },
} as const;

/** One testimonial at a time; previous/next wrap around at both ends, dots jump directly. */
export function TestimonialCarousel() {
  const [index, setIndex] = useState(0);
  const total = TESTIMONIALS.length;
  const go = (i: number) => setIndex(wrapIndex(i, total));

  return (
    <Box
      component="section"
      id="testimonials"
      aria-labelledby="testimonials-title"
      sx={{ ...sectionSx, background: "linear-gradient(180deg, #120720 0%, #1a0b2e 100%)" }}
    >
      <Container maxWidth="md">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="Teams that let Parley pick up the phone"
          lead="What sales, support and success leaders say after their first campaigns."
        />
        <Box aria-roledescription="carousel" aria-label="Customer testimonials" role="region">
          {/* All slides share one grid cell, so the carousel is as tall as the longest quote and never jumps. */}
          <Box aria-live="polite" sx={{ display: "grid" }}>
            {TESTIMONIALS.map((t, i) => (
              <TestimonialCard key={t.author} item={t} position={i + 1} total={total} active={i === index} />
            ))}
          </Box>
          <Stack direction="row" spacing={2} sx={{ alignItems: "center", justifyContent: "center", mt: 4 }}>
            <IconButton aria-label="Previous testimonial" onClick={() => go(index - 1)} sx={arrowSx}>
              <ChevronLeft />
            </IconButton>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
              {TESTIMONIALS.map((t, i) => (
                <Box
                  component="button"
                  type="button"
                  key={t.author}
                  aria-label={`Go to testimonial ${i + 1}`}
                  aria-current={i === index ? "true" : undefined}
                  onClick={() => go(i)}
                  sx={{
                    // A 24 px target around a small visible dot keeps it easy to tap.
                    width: 24,
                    height: 24,
                    p: 0,
                    border: 0,
                    bgcolor: "transparent",
                    cursor: "pointer",
                    display: "grid",
                    placeItems: "center",
                    "&::after": {
                      content: '""',
                      width: i === index ? 22 : 8,
                      height: 8,
                      borderRadius: 999,
                      bgcolor: i === index ? "primary.main" : "rgba(196,181,253,0.35)",
                      transition: "width 200ms ease, background-color 200ms ease",
                    },
                    "&:focus-visible": { outline: "2px solid", outlineColor: "primary.light", borderRadius: 999 },
                  }}
                />
              ))}
            </Stack>
            <IconButton aria-label="Next testimonial" onClick={() => go(index + 1)} sx={arrowSx}>
              <ChevronRight />
            </IconButton>
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
