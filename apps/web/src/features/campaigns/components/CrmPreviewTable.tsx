import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import type { CrmPreview } from "@parley/shared/integrations";
import { previewName, type MappingForm } from "../logic/crm-mapping.ts";

type Props = { contacts: CrmPreview["contacts"]; mapping: MappingForm; label(property: string): string };

/**
 * The list's first contacts as the mapping would import them. Below 600 px the name, email and variables
 * stack in one column beside the phone, so the table fits the full-screen dialog instead of scrolling sideways.
 */
export function CrmPreviewTable({ contacts, mapping, label }: Props) {
  const narrow = useMediaQuery((t: Theme) => t.breakpoints.down("sm"));
  const variables = mapping.variables.filter((v) => v.property);
  const phoneCell = (values: Record<string, string>) => (
    <TableCell
      sx={{ whiteSpace: "nowrap", verticalAlign: "top", color: values[mapping.phone] ? undefined : "warning.main" }}
    >
      {values[mapping.phone] ?? "No phone: skipped"}
    </TableCell>
  );
  const phoneHeading = mapping.phone ? label(mapping.phone) : "Phone";
  const emailOf = (values: Record<string, string>) => (mapping.email && values[mapping.email]) || "—";
  return (
    <Box sx={{ overflowX: "auto", border: 1, borderColor: "divider", borderRadius: 1 }}>
      <Table size="small" aria-label="HubSpot contacts preview">
        <TableHead>
          {narrow ? (
            <TableRow>
              <TableCell>Contact</TableCell>
              <TableCell>{phoneHeading}</TableCell>
            </TableRow>
          ) : (
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>{phoneHeading}</TableCell>
              <TableCell>{mapping.email ? label(mapping.email) : "Email"}</TableCell>
              {variables.map((v) => (
                <TableCell key={v.property}>{`{{${v.key}}}`}</TableCell>
              ))}
            </TableRow>
          )}
        </TableHead>
        <TableBody>
          {contacts.map((c) =>
            narrow ? (
              <TableRow key={c.id}>
                <TableCell sx={{ wordBreak: "break-word" }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {previewName(c.values, mapping) || "—"}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {emailOf(c.values)}
                  </Typography>
                  {variables.map((v) => (
                    <Typography key={v.property} variant="caption" color="text.secondary" component="div">
                      {`{{${v.key}}}`}: {c.values[v.property] ?? "—"}
                    </Typography>
                  ))}
                </TableCell>
                {phoneCell(c.values)}
              </TableRow>
            ) : (
              <TableRow key={c.id}>
                <TableCell>{previewName(c.values, mapping) || "—"}</TableCell>
                {phoneCell(c.values)}
                <TableCell>{emailOf(c.values)}</TableCell>
                {variables.map((v) => (
                  <TableCell key={v.property}>{c.values[v.property] ?? "—"}</TableCell>
                ))}
              </TableRow>
            ),
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
