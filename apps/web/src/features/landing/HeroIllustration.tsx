import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { keyframes } from "@mui/material/styles";
import EventAvailable from "@mui/icons-material/EventAvailable";
import Description from "@mui/icons-material/Description";

const pulse = keyframes`0%, 100% { transform: scaleY(0.35); } 50% { transform: scaleY(1); }`;
const blink = keyframes`0%, 100% { opacity: 1; } 50% { opacity: 0.3; }`;

// Bar heights of the voice waveform, drawn once rather than computed, so the picture is stable.
const BARS = [
  0.3, 0.55, 0.8, 0.45, 1, 0.7, 0.4, 0.9, 0.6, 0.35, 0.75, 0.5, 0.95, 0.65, 0.4, 0.85, 0.55, 0.3, 0.7, 0.45, 0.9, 0.6,
  0.35, 0.5,
];

const TRANSCRIPT = [
  {
    who: "agent",
    text:
      "Hi Maria, it's Ava from Harborview. You asked about the " +
      "two-bed on Elm Street. Is Saturday good for a viewing?",
  },
  { who: "lead", text: "Saturday at 11 works for me." },
  { who: "agent", text: "Perfect, you're booked. I've sent the invite to your email." },
] as const;

/** A live call as Parley shows it: caller, voice waveform, transcript and the booked outcome. */
export function HeroIllustration() {
  return (
    <Box
      role="img"
      aria-label="A live Parley call: the AI agent books a property viewing with a lead"
      sx={{ position: "relative", maxWidth: 500, mx: "auto", width: "100%" }}
    >
      <Box
        aria-hidden
        sx={{
          position: "absolute",
          inset: "10% -4% 4% 12%",
          borderRadius: 3,
          background: "linear-gradient(135deg, rgba(139,92,246,0.4), rgba(236,72,153,0.2))",
          filter: "blur(40px)",
        }}
      />
      <Paper
        aria-hidden
        elevation={12}
        sx={{
          position: "relative",
          p: { xs: 2.5, sm: 3 },
          borderRadius: 2.5,
          border: 1,
          borderColor: "divider",
          bgcolor: "rgba(28,15,51,0.92)",
        }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", mb: 2.5 }}>
          <Avatar sx={{ bgcolor: "primary.dark", color: "common.white", fontWeight: 700 }}>MG</Avatar>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700 }}>Maria Gomez</Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              New lead · Website enquiry
            </Typography>
          </Box>
          <Chip
            size="small"
            label="Live 02:14"
            icon={
              <Box
                component="span"
                sx={{
                  width: 8,
                  height: 8,
                  borderRadius: "50%",
                  bgcolor: "error.main",
                  ml: "8px !important",
                  animation: `${blink} 1.4s ease-in-out infinite`,
                }}
              />
            }
            sx={{ bgcolor: "rgba(239,68,68,0.14)", color: "#fca5a5", fontWeight: 600 }}
          />
        </Stack>
        <Stack direction="row" spacing="3px" sx={{ alignItems: "center", height: 44, mb: 2.5, px: 1 }}>
          {BARS.map((h, i) => (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: shown in order, never reordered
              key={i}
              sx={{
                flex: 1,
                height: `${h * 100}%`,
                borderRadius: "3px",
                background: "linear-gradient(180deg, #c4b5fd, #8b5cf6)",
                transformOrigin: "center",
                animation: `${pulse} ${1 + (i % 5) * 0.18}s ease-in-out ${(i % 7) * 0.09}s infinite`,
                "@media (prefers-reduced-motion: reduce)": { animation: "none" },
              }}
            />
          ))}
        </Stack>
        <Stack spacing={1.25} sx={{ mb: 2.5 }}>
          {TRANSCRIPT.map((line, i) => {
            const agent = line.who === "agent";
            return (
              <Box
                // biome-ignore lint/suspicious/noArrayIndexKey: shown in order, never reordered
                key={i}
                sx={{
                  alignSelf: agent ? "flex-start" : "flex-end",
                  maxWidth: "85%",
                  px: 1.75,
                  py: 1,
                  borderRadius: 1.6,
                  borderBottomLeftRadius: agent ? "4px" : undefined,
                  borderBottomRightRadius: agent ? undefined : "4px",
                  bgcolor: agent ? "rgba(139,92,246,0.18)" : "rgba(255,255,255,0.08)",
                  fontSize: 14,
                  lineHeight: 1.45,
                }}
              >
                <Typography
                  component="span"
                  sx={{
                    display: "block",
                    fontSize: 11,
                    fontWeight: 700,
                    color: agent ? "primary.light" : "text.secondary",
                    mb: 0.25,
                  }}
                >
                  {agent ? "Parley agent" : "Maria"}
                </Typography>
                {line.text}
              </Box>
            );
          })}
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          <Chip
            icon={<EventAvailable />}
            label="Viewing booked · Sat 11:00"
            sx={{ bgcolor: "rgba(34,197,94,0.15)", color: "#86efac", "& .MuiChip-icon": { color: "success.main" } }}
          />
          <Chip
            icon={<Description />}
            label="Summary ready"
            variant="outlined"
            sx={{ color: "text.secondary", borderColor: "divider" }}
          />
        </Stack>
      </Paper>
    </Box>
  );
}
