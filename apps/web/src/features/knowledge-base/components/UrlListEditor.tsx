import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import Close from "@mui/icons-material/Close";
import { KB_MAX_URLS } from "@parley/shared/knowledge-base";
import { addUrl, type UrlItem } from "../kb-form.ts";

type Props = { urls: UrlItem[]; disabled: boolean; onChange(urls: UrlItem[]): void };

/** A web address with an optional document name; up to 5, each added only when not blank. */
export function UrlListEditor({ urls, disabled, onChange }: Props) {
  const [url, setUrl] = useState("");
  const [name, setName] = useState("");
  const full = urls.length >= KB_MAX_URLS;
  const add = () => {
    const next = addUrl(urls, url, name);
    if (next === urls) return;
    onChange(next);
    setUrl("");
    setName("");
  };
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
        <TextField
          size="small"
          label="Website URL"
          placeholder="https://example.com/faq"
          value={url}
          disabled={disabled || full}
          onChange={(e) => setUrl(e.target.value)}
          onKeyDown={(e) => e.key === "Enter" && add()}
          sx={{ flex: "2 1 260px" }}
        />
        <TextField
          size="small"
          label="Document name (optional)"
          placeholder={`Document ${urls.length + 1}`}
          value={name}
          disabled={disabled || full}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => e.key === "Enter" && add()}
          sx={{ flex: "1 1 180px" }}
        />
        <Button variant="outlined" onClick={add} disabled={disabled || full || !url.trim()}>
          Add URL
        </Button>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {full ? "Maximum 5 URLs reached." : `You can add ${KB_MAX_URLS - urls.length} more URL(s).`}
      </Typography>
      {urls.length > 0 && (
        <List dense aria-label="URLs to upload">
          {urls.map((u, i) => (
            <ListItem
              // biome-ignore lint/suspicious/noArrayIndexKey: shown in order, never reordered
              key={`${u.url}-${i}`}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Remove ${u.name}`}
                  disabled={disabled}
                  onClick={() => onChange(urls.filter((_, j) => j !== i))}
                >
                  <Close />
                </IconButton>
              }
            >
              <ListItemText
                primary={u.name}
                secondary={u.url}
                slotProps={{ secondary: { sx: { wordBreak: "break-all" } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
