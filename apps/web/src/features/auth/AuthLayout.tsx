import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import { SellingPoints } from "./SellingPoints.tsx";

/** Two panes: the selling points and the form; stacked on small screens (form first). */
export function AuthLayout({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: "100vh",
        display: "grid",
        gridTemplateColumns: { xs: "1fr", md: "5fr 6fr" },
        bgcolor: "background.default",
      }}
    >
      <Box sx={{ order: { xs: 2, md: 1 } }}>
        <SellingPoints heading={heading} />
      </Box>
      <Box
        sx={{
          order: { xs: 1, md: 2 },
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          justifyContent: "center",
          gap: 2,
          p: { xs: 2, sm: 4 },
        }}
      >
        <Box sx={{ width: "100%", maxWidth: 560 }}>
          <Link
            component={RouterLink}
            to="/"
            underline="none"
            variant="h6"
            sx={{ fontWeight: 800, color: "primary.light" }}
          >
            Parley
          </Link>
        </Box>
        <Paper sx={{ p: { xs: 3, sm: 5 }, width: "100%", maxWidth: 560 }} elevation={0} variant="outlined">
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
