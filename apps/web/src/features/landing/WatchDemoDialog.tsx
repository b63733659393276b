import Avatar from "@mui/material/Avatar";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { DEMO_FLOW } from "./landing-content.ts";

/** "Watch Demo" walks through the product flow in words; there is no video to fetch offline. */
export function WatchDemoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const requestDemo = () => {
    onClose();
    document.getElementById("request-demo")?.scrollIntoView({ behavior: "smooth" });
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="watch-demo-title">
      <DialogTitle id="watch-demo-title" sx={{ fontWeight: 800 }}>
        How Parley works
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          From a list of contacts to meetings in your calendar, in four steps.
        </Typography>
        <Stack component="ol" spacing={2.5} sx={{ m: 0, p: 0, listStyle: "none" }}>
          {DEMO_FLOW.map(({ title, text, icon: Icon }, i) => (
            <Stack component="li" key={title} direction="row" spacing={2} sx={{ alignItems: "flex-start" }}>
              <Avatar sx={{ bgcolor: "rgba(139,92,246,0.2)", color: "primary.light" }}>
                <Icon />
              </Avatar>
              <div>
                <Typography sx={{ fontWeight: 700 }}>
                  {i + 1}. {title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {text}
                </Typography>
              </div>
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={requestDemo}>
          Request a live demo
        </Button>
      </DialogActions>
    </Dialog>
  );
}
