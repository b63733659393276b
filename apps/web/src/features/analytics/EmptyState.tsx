import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

/** What a chart shows when there is nothing to draw: said plainly, never sample figures. */
export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <Box
      sx={{
        py: 6,
        px: 2,
        textAlign: "center",
        border: 1,
        borderColor: "divider",
        borderStyle: "dashed",
        borderRadius: 2,
      }}
    >
      <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {hint}
        </Typography>
      )}
    </Box>
  );
}
