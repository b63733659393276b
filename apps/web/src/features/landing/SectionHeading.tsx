import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

/** Eyebrow, title and lead paragraph used at the top of every landing section. */
export function SectionHeading({
  eyebrow,
  title,
  lead,
  id,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  id?: string;
}) {
  return (
    <Box sx={{ textAlign: "center", maxWidth: 760, mx: "auto", mb: { xs: 5, md: 7 } }}>
      <Typography variant="overline" sx={{ color: "primary.light", fontWeight: 700, letterSpacing: 2 }}>
        {eyebrow}
      </Typography>
      <Typography
        id={id}
        variant="h2"
        component="h2"
        sx={{ fontSize: { xs: 30, md: 42 }, lineHeight: 1.15, mt: 1, mb: 2, letterSpacing: -0.5, textWrap: "balance" }}
      >
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ fontSize: { xs: 16, md: 18 }, textWrap: "pretty" }}>
        {lead}
      </Typography>
    </Box>
  );
}

/** Common frame of a landing section: anchor id, vertical rhythm, and room for the fixed header. */
export const sectionSx = { py: { xs: 8, md: 12 }, scrollMarginTop: { xs: 56, md: 64 } } as const;
