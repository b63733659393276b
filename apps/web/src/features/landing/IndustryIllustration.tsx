import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import CheckCircle from "@mui/icons-material/CheckCircle";
import GraphicEq from "@mui/icons-material/GraphicEq";
import type { Industry } from "./industries-content.ts";

/** An industry's picture, drawn with SVG and MUI so it weighs nothing: sound rings, icon, a call line, the outcome. */
export function IndustryIllustration({ industry }: { industry: Industry }) {
  const { accent, icon: Icon, id } = industry;
  return (
    <Box
      role="img"
      aria-label={`${industry.label} illustration: ${industry.outcome}`}
      sx={{
        position: "relative",
        aspectRatio: { xs: "4 / 3.6", sm: "5 / 4" },
        borderRadius: 2.5,
        overflow: "hidden",
        border: 1,
        borderColor: "divider",
        bgcolor: "background.paper",
      }}
    >
      <Box
        component="svg"
        viewBox="0 0 400 320"
        preserveAspectRatio="xMidYMid slice"
        aria-hidden
        sx={{ position: "absolute", inset: 0, width: "100%", height: "100%" }}
      >
        <defs>
          <radialGradient id={`glow-${id}`} cx="50%" cy="38%" r="65%">
            <stop offset="0" stopColor={accent} stopOpacity="0.45" />
            <stop offset="1" stopColor={accent} stopOpacity="0" />
          </radialGradient>
          <pattern id={`dots-${id}`} width="16" height="16" patternUnits="userSpaceOnUse">
            <circle cx="2" cy="2" r="1.2" fill={accent} fillOpacity="0.18" />
          </pattern>
        </defs>
        <rect width="400" height="320" fill={`url(#dots-${id})`} />
        <rect width="400" height="320" fill={`url(#glow-${id})`} />
        {[58, 92, 128, 166].map((r, i) => (
          <circle
            key={r}
            cx="200"
            cy="122"
            r={r}
            fill="none"
            stroke={accent}
            strokeOpacity={0.5 - i * 0.11}
            strokeWidth="1.5"
            strokeDasharray={i % 2 ? "4 6" : undefined}
          />
        ))}
        {[
          [78, 70],
          [330, 92],
          [300, 206],
          [104, 190],
        ].map(([cx, cy], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: shown in order, never reordered
          <circle key={i} cx={cx} cy={cy} r={i % 2 ? 5 : 7} fill={accent} fillOpacity="0.7" />
        ))}
      </Box>
      <Box
        aria-hidden
        sx={{
          position: "absolute",
          left: "50%",
          top: "38%",
          transform: "translate(-50%, -50%)",
          width: { xs: 76, sm: 92 },
          height: { xs: 76, sm: 92 },
          borderRadius: "50%",
          display: "grid",
          placeItems: "center",
          color: "common.white",
          background: `linear-gradient(135deg, ${accent}, #6d28d9)`,
          boxShadow: `0 12px 40px ${accent}66`,
        }}
      >
        <Icon sx={{ fontSize: { xs: 38, sm: 46 } }} />
      </Box>
      <Chip
        size="small"
        icon={<CheckCircle />}
        label={industry.outcome}
        sx={{
          position: "absolute",
          top: 14,
          right: 14,
          bgcolor: "rgba(18,7,32,0.85)",
          border: 1,
          borderColor: "divider",
          fontWeight: 600,
          "& .MuiChip-icon": { color: "success.main" },
        }}
      />
      <Paper
        elevation={6}
        sx={{
          position: "absolute",
          left: 14,
          right: 14,
          bottom: 14,
          p: 1.5,
          borderRadius: 1.5,
          bgcolor: "rgba(18,7,32,0.9)",
          border: 1,
          borderColor: "divider",
        }}
      >
        <Stack direction="row" spacing={1.25} sx={{ alignItems: "flex-start" }}>
          <Box
            sx={{
              flexShrink: 0,
              width: 30,
              height: 30,
              borderRadius: "50%",
              display: "grid",
              placeItems: "center",
              bgcolor: accent,
              color: "background.default",
            }}
          >
            <GraphicEq sx={{ fontSize: 18 }} />
          </Box>
          <Typography variant="body2" sx={{ fontSize: { xs: 13, sm: 14 }, lineHeight: 1.45 }}>
            {industry.agentLine}
          </Typography>
        </Stack>
      </Paper>
    </Box>
  );
}
