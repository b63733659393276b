import { Link as RouterLink } from "react-router-dom";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { KbDocument } from "@parley/shared/knowledge-base";
import { messageOf } from "../../../lib/api-error.ts";
import type { KnowledgeBaseChoice } from "../hooks/useKnowledgeBaseChoice.ts";
import { pickerOptions } from "../logic/knowledge-base-choice.ts";
import { FormSection } from "./FormSection.tsx";

type Props = { choice: KnowledgeBaseChoice; createPath: string };

/** Which knowledge base items the agent answers from on this campaign's calls. */
export function KnowledgeBaseSection({ choice, createPath }: Props) {
  const { items, attached, selected, setSelected } = choice;
  const all = items.data ?? [];
  const options = pickerOptions(all, selected);
  const byId = new Map(all.map((d) => [d.id, d]));
  for (const d of attached.data ?? []) if (!byId.has(d.id)) byId.set(d.id, d);
  const value = selected.map((id) => byId.get(id)).filter((d): d is KbDocument => d !== undefined);
  const failure = items.error ?? attached.error;

  return (
    <FormSection title="Knowledge base" subtitle="The documents and pages the agent answers questions from">
      {failure ? (
        <Alert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void Promise.all([items.refetch(), attached.refetch()])}
            >
              Retry
            </Button>
          }
        >
          {messageOf(failure, "Failed to load the knowledge base.")}
        </Alert>
      ) : items.isSuccess && all.length === 0 ? (
        <Typography color="text.secondary">
          No knowledge base yet —{" "}
          <Link component={RouterLink} to={createPath}>
            create one
          </Link>{" "}
          (what you typed here is kept)
        </Typography>
      ) : (
        <>
          <Autocomplete
            multiple
            loading={items.isPending || attached.isLoading}
            options={options}
            value={value}
            onChange={(_, docs) => setSelected(docs.map((d) => d.id))}
            getOptionLabel={(d) => d.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterSelectedOptions
            noOptionsText="No ready documents. Items appear here once they are indexed."
            renderOption={({ key, ...props }, d) => (
              <Box component="li" key={key} {...props} sx={{ gap: 2 }}>
                <Box component="span" sx={{ flex: 1, overflowWrap: "anywhere" }}>
                  {d.name}
                </Box>
                <Typography variant="caption" color="text.secondary">
                  {d.type}
                </Typography>
              </Box>
            )}
            renderValue={(docs, getItemProps) =>
              docs.map((d, index) => {
                const { key, ...chip } = getItemProps({ index });
                return (
                  <Chip
                    key={key}
                    {...chip}
                    label={`${d.name} · ${d.type}`}
                    color={d.status === "ready" ? "primary" : "default"}
                    variant="outlined"
                  />
                );
              })
            }
            renderInput={(params) => <TextField {...params} label="Knowledge base" />}
          />
          <Typography variant="body2" color="text.secondary">
            Need another document?{" "}
            <Link component={RouterLink} to={createPath}>
              Add one
            </Link>{" "}
            — what you typed here is kept.
          </Typography>
        </>
      )}
    </FormSection>
  );
}
