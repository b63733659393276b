import { useEffect, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import type { CrmImportRequest, CrmProperty } from "@parley/shared/integrations";
import { messageOf } from "../../../lib/api-error.ts";
import { useHubspotLists, useHubspotPreview } from "../../../lib/hubspot-api.ts";
import { CrmPreviewTable } from "./CrmPreviewTable.tsx";
import { defaultMapping, toCrmMapping, variableKeyFor, type MappingForm } from "../logic/crm-mapping.ts";

type Props = { busy: boolean; error: string | null; onImport(body: CrmImportRequest): void };

function PropertySelect({
  label,
  value,
  properties,
  required,
  onChange,
}: {
  label: string;
  value: string;
  properties: CrmProperty[];
  required?: boolean;
  onChange(v: string): void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      required={required}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 0 }}
    >
      {!required && (
        <MenuItem value="">
          <em>Not imported</em>
        </MenuItem>
      )}
      {properties.map((p) => (
        <MenuItem key={p.name} value={p.name}>
          {p.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Pick a HubSpot list, see its first contacts, map properties to Parley's fields and {{variables}}, import. */
export function CrmImportForm({ busy, error, onImport }: Props) {
  const lists = useHubspotLists(true);
  const [listId, setListId] = useState<string | null>(null);
  const preview = useHubspotPreview(listId);
  const [mapping, setMapping] = useState<MappingForm | null>(null);
  const properties = preview.data?.properties ?? [];
  useEffect(() => {
    if (preview.data && !mapping) setMapping(defaultMapping(preview.data.properties));
  }, [preview.data, mapping]);
  const patch = (p: Partial<MappingForm>) => setMapping((m) => (m ? { ...m, ...p } : m));
  const setVariable = (i: number, p: Partial<MappingForm["variables"][number]>) =>
    patch({ variables: mapping!.variables.map((v, j) => (j === i ? { ...v, ...p } : v)) });

  if (lists.isPending) return <CircularProgress size={24} aria-label="Loading HubSpot lists" />;
  if (lists.isError)
    return <Alert severity="error">{messageOf(lists.error, "Failed to load the HubSpot lists.")}</Alert>;
  if (!lists.data.sources.length)
    return (
      <Alert severity="info">
        This HubSpot account has no contact lists. Make one in HubSpot (Contacts → Lists), then come back.
      </Alert>
    );
  const chosen = lists.data.sources.find((s) => s.id === listId);
  const label = (name: string) => properties.find((p) => p.name === name)?.label ?? name;

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <TextField
        select
        label="HubSpot list"
        value={listId ?? ""}
        helperText={
          "Static and active lists of contacts. An active list is HubSpot's " +
          "saved filter: its contacts are read as they match now."
        }
        onChange={(e) => {
          setListId(e.target.value);
          setMapping(null);
        }}
      >
        {lists.data.sources.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
            {s.kind === "active" ? " · active list" : ""}
            {s.size !== null ? ` (${s.size} contact${s.size === 1 ? "" : "s"})` : ""}
          </MenuItem>
        ))}
      </TextField>
      {listId && preview.isPending && <CircularProgress size={24} aria-label="Loading the preview" />}
      {preview.isError && <Alert severity="error">{messageOf(preview.error, "Failed to read the list.")}</Alert>}
      {preview.data && mapping && (
        <>
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
              First contacts of {chosen?.name}
              {preview.data.contacts.length === 0 ? ": the list is empty." : ""}
            </Typography>
            {preview.data.contacts.length > 0 && (
              <CrmPreviewTable contacts={preview.data.contacts} mapping={mapping} label={label} />
            )}
          </Box>
          <Typography variant="subtitle2">Map HubSpot properties to contact fields</Typography>
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 1.5 }}>
            <PropertySelect
              label="Phone"
              required
              value={mapping.phone}
              properties={properties}
              onChange={(phone) => patch({ phone })}
            />
            <PropertySelect
              label="Email"
              value={mapping.email}
              properties={properties}
              onChange={(email) => patch({ email })}
            />
            <PropertySelect
              label="First name"
              value={mapping.firstName}
              properties={properties}
              onChange={(firstName) => patch({ firstName })}
            />
            <PropertySelect
              label="Last name"
              value={mapping.lastName}
              properties={properties}
              onChange={(lastName) => patch({ lastName })}
            />
          </Box>
          <Typography variant="subtitle2">Variables for the call flow</Typography>
          {mapping.variables.map((v, i) => (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: shown in order, never reordered
              key={i}
              sx={{
                display: "grid",
                gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr) auto",
                gap: 1,
                alignItems: "start",
              }}
            >
              <PropertySelect
                label="Property"
                required
                value={v.property}
                properties={properties}
                onChange={(property) => setVariable(i, { property, key: v.key || variableKeyFor(label(property)) })}
              />
              <TextField
                size="small"
                label="Variable"
                value={v.key}
                onChange={(e) => setVariable(i, { key: e.target.value })}
                helperText={v.key ? `{{${v.key}}}` : " "}
              />
              <IconButton
                aria-label={`Remove variable ${v.key}`}
                onClick={() => patch({ variables: mapping.variables.filter((_, j) => j !== i) })}
              >
                <DeleteOutline />
              </IconButton>
            </Box>
          ))}
          <Box>
            <Button
              size="small"
              onClick={() => patch({ variables: [...mapping.variables, { property: "", key: "" }] })}
            >
              Add variable
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary">
            Importing replaces this campaign's contacts with the list's, checked like a CSV file: numbers in E.164
            (without +country, the campaign timezone's country), repeated numbers merged, numbers on the do-not-call
            list never dialled. Contacts without a phone are listed as skipped.
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          <Box>
            <Button
              variant="contained"
              disabled={busy || !mapping.phone}
              onClick={() => onImport({ source_id: listId!, mapping: toCrmMapping(mapping) })}
            >
              {busy ? "Importing..." : `Import ${chosen?.size ?? ""} contacts`.replace("  ", " ")}
            </Button>
          </Box>
        </>
      )}
    </Box>
  );
}
