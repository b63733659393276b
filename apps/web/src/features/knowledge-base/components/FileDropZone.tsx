import { useRef, useState } from "react";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import Close from "@mui/icons-material/Close";
import CloudUpload from "@mui/icons-material/CloudUpload";
import { KB_ALLOWED_EXTENSIONS } from "@parley/shared/knowledge-base";
import { formatSize } from "../kb-form.ts";

type Props = {
  files: File[];
  disabled: boolean;
  /** Why files cannot be chosen yet (no channel): the picker stays shut and `onBlocked` hears the reason. */
  blockedReason?: string | null;
  onBlocked?(reason: string): void;
  onAdd(files: File[]): void;
  onRemove(index: number): void;
};

/** Drop zone and file picker; the page checks what is added (count, type, size). */
export function FileDropZone({ files, disabled, blockedReason, onBlocked, onAdd, onRemove }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const open = () => {
    if (disabled) return;
    if (blockedReason) onBlocked?.(blockedReason);
    else input.current?.click();
  };
  return (
    <Box>
      <Box
        role="button"
        tabIndex={0}
        aria-label="Drop documents here or browse"
        onClick={open}
        onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && open()}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          if (disabled) return;
          if (blockedReason) onBlocked?.(blockedReason);
          else onAdd(Array.from(e.dataTransfer.files));
        }}
        sx={{
          border: "2px dashed",
          borderColor: over ? "primary.main" : "divider",
          borderRadius: 2,
          p: { xs: 3, sm: 5 },
          textAlign: "center",
          cursor: disabled ? "default" : "pointer",
          opacity: blockedReason ? 0.6 : 1,
          bgcolor: over ? "action.hover" : "transparent",
        }}
      >
        <CloudUpload sx={{ fontSize: 40, color: "primary.light" }} />
        <Typography sx={{ fontWeight: 600 }}>Drag & drop documents here, or click to browse</Typography>
        <Typography variant="body2" color="text.secondary">
          {blockedReason
            ? "Choose a communication channel first"
            : "TXT, PDF, DOC or DOCX · up to 5 files · 20 MB each"}
        </Typography>
        <input
          ref={input}
          hidden
          type="file"
          multiple
          data-testid="kb-file-input"
          accept={KB_ALLOWED_EXTENSIONS.join(",")}
          onChange={(e) => {
            onAdd(Array.from(e.target.files ?? []));
            e.target.value = "";
          }}
        />
      </Box>
      {files.length > 0 && (
        <List dense aria-label="Chosen documents">
          {files.map((f, i) => (
            <ListItem
              // biome-ignore lint/suspicious/noArrayIndexKey: shown in order, never reordered
              key={`${f.name}-${i}`}
              secondaryAction={
                <IconButton edge="end" aria-label={`Remove ${f.name}`} disabled={disabled} onClick={() => onRemove(i)}>
                  <Close />
                </IconButton>
              }
            >
              <ListItemText primary={f.name} secondary={formatSize(f.size)} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
