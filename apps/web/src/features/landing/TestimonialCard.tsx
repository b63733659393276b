import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Rating from "@mui/material/Rating";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import FormatQuote from "@mui/icons-material/FormatQuote";
import type { Testimonial } from "./testimonials-content.ts";

/** The spec fixes every testimonial's rating at 5 of 5. */
const RATING = 5;

function initials(name: string): string {
  // Skip honorifics such as "Dr." so the avatar shows the person's own initials.
  const words = name.split(" ").filter((w) => !w.endsWith("."));
  return words
    .map((w) => w.charAt(0))
    .slice(0, 2)
    .join("")
    .toUpperCase();
}

/** A customer's text logo: a coloured monogram tile beside the company name. */
function CompanyLogo({ company, color }: { company: string; color: string }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      aria-label={`${company} logo`}
      role="img"
      sx={{ alignItems: "center", opacity: 0.9 }}
    >
      <Box component="svg" viewBox="0 0 24 24" aria-hidden sx={{ width: 24, height: 24 }}>
        <rect x="1" y="1" width="22" height="22" rx="6" fill={color} />
        <path d="M6 16l4-8 4 6 2-3 2 5z" fill="#120720" fillOpacity="0.8" />
      </Box>
      <Typography
        component="span"
        sx={{ fontWeight: 800, letterSpacing: 0.5, color, fontSize: 15, whiteSpace: "nowrap" }}
      >
        {company}
      </Typography>
    </Stack>
  );
}

type Props = { item: Testimonial; position: number; total: number; active: boolean };

/** One slide; inactive slides stay laid out (for a stable height) but are hidden from eyes and screen readers. */
export function TestimonialCard({ item, position, total, active }: Props) {
  return (
    <Paper
      component="figure"
      data-testid={active ? "testimonial-active" : undefined}
      aria-hidden={!active}
      aria-roledescription="slide"
      aria-label={`${position} of ${total}`}
      elevation={0}
      sx={{
        gridArea: "1 / 1",
        display: "flex",
        flexDirection: "column",
        opacity: active ? 1 : 0,
        visibility: active ? "visible" : "hidden",
        transition: "opacity 350ms ease, visibility 350ms",
        m: 0,
        p: { xs: 3, md: 6 },
        borderRadius: 3,
        border: 1,
        borderColor: "divider",
        position: "relative",
        overflow: "hidden",
        background: "linear-gradient(135deg, rgba(139,92,246,0.18) 0%, rgba(28,15,51,1) 60%)",
      }}
    >
      <FormatQuote
        aria-hidden
        sx={{
          position: "absolute",
          top: { xs: 8, md: 16 },
          right: { xs: 8, md: 24 },
          fontSize: { xs: 72, md: 110 },
          color: "primary.main",
          opacity: 0.25,
        }}
      />
      <Rating
        value={RATING}
        max={5}
        readOnly
        getLabelText={(v) => `Rated ${v} out of 5`}
        sx={{ mb: 2.5, color: "#fbbf24" }}
      />
      <Typography
        component="blockquote"
        sx={{
          flexGrow: 1,
          m: 0,
          mb: 4,
          fontSize: { xs: 17, md: 22 },
          lineHeight: 1.6,
          fontWeight: 500,
          position: "relative",
        }}
      >
        “{item.quote}”
      </Typography>
      <Stack
        component="figcaption"
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ alignItems: { xs: "flex-start", sm: "center" }, justifyContent: "space-between" }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
          <Avatar sx={{ width: 52, height: 52, bgcolor: item.logoColor, color: "background.default", fontWeight: 800 }}>
            {initials(item.author)}
          </Avatar>
          <Box>
            <Typography data-testid="testimonial-author" sx={{ fontWeight: 700 }}>
              {item.author}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {item.title}
            </Typography>
          </Box>
        </Stack>
        <CompanyLogo company={item.company} color={item.logoColor} />
      </Stack>
    </Paper>
  );
}
