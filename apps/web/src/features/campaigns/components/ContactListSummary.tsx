import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Collapse from "@mui/material/Collapse";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import ExpandLess from "@mui/icons-material/ExpandLess";
import ExpandMore from "@mui/icons-material/ExpandMore";
import InsertDriveFile from "@mui/icons-material/InsertDriveFile";
import { formatFileSize } from "../logic/file-checks.ts";

export type ContactListInfo = {
  fileName: string | null;
  size: number | null;
  contactCount: number;
  rejected: Array<{ line: number; reason: string }>;
};

/** The stored list: file name and size, contact count, and the rejected lines behind a toggle. */
export function ContactListSummary({ info }: { info: ContactListInfo }) {
  const [open, setOpen] = useState(false);
  const n = info.rejected.length;
  return (
    <Box data-testid="contact-list-summary" sx={{ display: "flex", flexDirection: "column", gap: 0.5 }}>
      {info.fileName && (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <InsertDriveFile fontSize="small" color="primary" />
          <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-all" }}>
            {info.fileName}
          </Typography>
          {info.size !== null && (
            <Typography variant="body2" color="text.secondary">
              ({formatFileSize(info.size)})
            </Typography>
          )}
        </Box>
      )}
      <Typography variant="body2">
        {info.contactCount} {info.contactCount === 1 ? "contact" : "contacts"}
      </Typography>
      {n > 0 && (
        <>
          <Box>
            <Button
              size="small"
              color="warning"
              onClick={() => setOpen((o) => !o)}
              endIcon={open ? <ExpandLess /> : <ExpandMore />}
              aria-expanded={open}
            >
              {n} rejected {n === 1 ? "line" : "lines"}
            </Button>
          </Box>
          <Collapse in={open}>
            <List dense sx={{ maxHeight: 240, overflowY: "auto", bgcolor: "action.hover", borderRadius: 1 }}>
              {info.rejected.map((r) => (
                <ListItem key={`${r.line}-${r.reason}`}>
                  <ListItemText primary={`Line ${r.line}: ${r.reason}`} />
                </ListItem>
              ))}
            </List>
          </Collapse>
        </>
      )}
    </Box>
  );
}
