import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

/** The Parley logo: a speech-bubble "P" mark and the word, as inline SVG so it costs no request. */
export function BrandMark({ textColor }: { textColor?: string }) {
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
      <Box component="svg" viewBox="0 0 32 32" aria-hidden sx={{ width: 30, height: 30, flexShrink: 0 }}>
        <defs>
          <linearGradient id="parley-mark" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#a78bfa" />
            <stop offset="1" stopColor="#6d28d9" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill="url(#parley-mark)" />
        <path d="M10 24V9h7.5a5.5 5.5 0 010 11H14v4z" fill="#fff" />
        <circle cx="17.3" cy="14.5" r="1.8" fill="#6d28d9" />
      </Box>
      <Typography
        component="span"
        sx={{ fontWeight: 800, fontSize: 22, letterSpacing: -0.5, color: textColor ?? "text.primary" }}
      >
        Parley
      </Typography>
    </Box>
  );
}
