import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import ArrowBack from "@mui/icons-material/ArrowBack";

const LIST_WIDTH = 350;

type Props = {
  list: ReactNode;
  /** The detail pane's heading block. */
  header: ReactNode;
  /** Below 600 px only one pane shows: the detail once something is picked, with a back button. */
  showDetail: boolean;
  onBack: () => void;
  backLabel: string;
  loading: boolean;
  /** The spec leaves the detail pane empty, without a message, when its fetch fails. */
  failed: boolean;
  children: ReactNode;
};

/**
 * A list on the left and the picked item's detail on the right (Email and WhatsApp logs; `useListPick` holds the pick).
 */
export function ListDetailLayout({ list, header, showDetail, onBack, backLabel, loading, failed, children }: Props) {
  const mobile = useMediaQuery((t: Theme) => t.breakpoints.down("sm"));
  return (
    <Paper
      variant="outlined"
      sx={{ display: "flex", height: "70vh", minHeight: 460, overflow: "hidden", borderRadius: 2 }}
    >
      {(!mobile || !showDetail) && (
        <Box
          data-testid="list-pane"
          sx={{
            width: mobile ? "100%" : LIST_WIDTH,
            flexShrink: 0,
            borderRight: mobile ? 0 : 1,
            borderColor: "divider",
          }}
        >
          {list}
        </Box>
      )}
      {(!mobile || showDetail) && (
        <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
          {mobile && (
            <Button startIcon={<ArrowBack />} onClick={onBack} sx={{ alignSelf: "flex-start", m: 1 }}>
              {backLabel}
            </Button>
          )}
          <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: "divider" }}>{header}</Box>
          {loading ? (
            <Box sx={{ flex: 1, display: "flex", alignItems: "center", justifyContent: "center" }}>
              <CircularProgress size={28} />
            </Box>
          ) : failed ? (
            <Box sx={{ flex: 1 }} />
          ) : (
            children
          )}
        </Box>
      )}
    </Paper>
  );
}
