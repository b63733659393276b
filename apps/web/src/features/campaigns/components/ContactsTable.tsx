import { useState } from "react";
import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useCampaignContacts } from "../hooks/useCampaignQueries.ts";
import { errorMessage } from "../api/error-message.ts";
import { CampaignsPager } from "./CampaignsPager.tsx";

/** View mode: the campaign's contacts, paged on the server. */
export function ContactsTable({ campaignId }: { campaignId: string }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(5);
  const q = useCampaignContacts(campaignId, page, pageSize);
  if (q.isPending) return <Typography color="text.secondary">Loading contacts...</Typography>;
  if (q.isError) return <Typography color="error">{errorMessage(q.error, "Failed to load contacts.")}</Typography>;
  if (q.data.total === 0) return <Typography color="text.secondary">No contacts uploaded yet.</Typography>;
  return (
    <Box data-testid="contacts-table">
      <TableContainer>
        <Table size="small" aria-label="Contacts" sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow>
              {["Name", "Phone", "Email", "Variables"].map((h) => (
                <TableCell key={h} sx={{ fontWeight: 700 }}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {q.data.contacts.map((c) => (
              <TableRow key={c.id}>
                <TableCell>{c.name || "Unknown"}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{c.phone}</TableCell>
                <TableCell>{c.email || "N/A"}</TableCell>
                <TableCell sx={{ color: "text.secondary" }}>
                  {Object.entries(c.variables ?? {})
                    .map(([k, v]) => `${k}: ${v}`)
                    .join(", ") || "-"}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <CampaignsPager
        page={page}
        pageSize={pageSize}
        total={q.data.total}
        onPageChange={setPage}
        onPageSizeChange={(n) => {
          setPageSize(n);
          setPage(1);
        }}
      />
    </Box>
  );
}
