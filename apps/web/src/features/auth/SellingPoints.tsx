import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import TrendingUp from "@mui/icons-material/TrendingUp";
import SupportAgent from "@mui/icons-material/SupportAgent";
import Insights from "@mui/icons-material/Insights";
import MenuBook from "@mui/icons-material/MenuBook";

export const SELLING_POINTS = [
  {
    title: "Boost Sales",
    text: "AI agents call every lead within minutes and book meetings into your calendar.",
    icon: <TrendingUp />,
  },
  {
    title: "24/7 Support",
    text: "Answer customers around the clock in a natural voice, from your own knowledge.",
    icon: <SupportAgent />,
  },
  {
    title: "Smart Analytics",
    text: "Recordings, transcripts, summaries and outcomes for every single call.",
    icon: <Insights />,
  },
  {
    title: "Knowledge Base Management",
    text: "Upload documents and web pages; the agent answers from them, never invents.",
    icon: <MenuBook />,
  },
];

/** The marketing pane beside the sign-in and registration forms. */
export function SellingPoints({ heading }: { heading: string }) {
  return (
    <Box sx={{ p: { xs: 3, md: 6 }, height: "100%", background: "linear-gradient(160deg, #2e1065 0%, #120720 100%)" }}>
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        AI voice agents for sales, support and customer success teams.
      </Typography>
      <Stack spacing={2}>
        {SELLING_POINTS.map((p) => (
          <Stack
            key={p.title}
            component="article"
            direction="row"
            spacing={2}
            sx={{
              alignItems: "flex-start",
              p: 2,
              borderRadius: 3,
              border: 1,
              borderColor: "divider",
              bgcolor: "rgba(28, 15, 51, 0.6)",
            }}
          >
            <Box
              sx={{
                p: 1,
                borderRadius: 2,
                bgcolor: "rgba(139, 92, 246, 0.25)",
                color: "primary.light",
                display: "flex",
              }}
            >
              {p.icon}
            </Box>
            <Box>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                {p.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {p.text}
              </Typography>
            </Box>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
