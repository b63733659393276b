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
import { Pager } from "../../../components/Pager.tsx";
import { contactStatus } from "../logic/contact-status.ts";
import { useCan } from "../../../lib/useCurrentUser.ts";
import { usePhoneFormat, useViewerZone } from "../../../lib/useViewerZone.ts";
import { CallNowButton } from "./CallNowButton.tsx";

// Below sm (phones) only Name and Status are shown.
const WIDE_ONLY = new Set(["Phone", "Email", "Variables"]);
const WIDE = { xs: "none", sm: "table-cell" };

/**
 * View mode: the campaign's contacts, paged on the server, each with
 * its status (a pending one says why and until when).
 */
export function ContactsTable({ campaignId, campaignZone }: { campaignId: string; campaignZone: string }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(5);
  const q = useCampaignContacts(campaignId, page, pageSize);
  const viewerZone = useViewerZone();
  const phone = usePhoneFormat();
  const canCall = useCan("calls.place");
  if (q.isPending) return <Typography color="text.secondary">Loading contacts...</Typography>;
  if (q.isError) return <Typography color="error">{errorMessage(q.error, "Failed to load contacts.")}</Typography>;
  if (q.data.total === 0) return <Typography color="text.secondary">No contacts uploaded yet.</Typography>;
  const now = new Date();
  return (
    <Box data-testid="contacts-table">
      <TableContainer>
        <Table size="small" aria-label="Contacts" sx={{ minWidth: { sm: 720 } }}>
          <TableHead>
            <TableRow>
              {["Name", "Phone", "Status", "Email", "Variables"].map((h) => (
                <TableCell key={h} sx={{ fontWeight: 700, display: WIDE_ONLY.has(h) ? WIDE : undefined }}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {q.data.contacts.map((c) => {
              const status = contactStatus(c.call_state, now, viewerZone, campaignZone);
              return (
                <TableRow key={c.id} data-testid="contact-row">
                  <TableCell>
                    {c.name || "Unknown"}
                    {/* Phones show the number under the name: the status needs the room. */}
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ display: { xs: "block", sm: "none" }, whiteSpace: "nowrap" }}
                    >
                      {phone(c.phone)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap", display: WIDE }}>{phone(c.phone)}</TableCell>
                  <TableCell sx={{ minWidth: { sm: 180 } }} data-testid="contact-status">
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {status.label}
                    </Typography>
                    {status.detail && (
                      <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                        {status.detail}
                      </Typography>
                    )}
                    {/* Kept while the contact is on the call it placed, so "Calling … now" stays readable. */}
                    {canCall && !c.call_state?.do_not_call && (
                      <CallNowButton
                        campaignId={campaignId}
                        contactId={c.id}
                        who={c.name || phone(c.phone)}
                        onCall={c.call_state?.state === "calling"}
                      />
                    )}
                  </TableCell>
                  <TableCell sx={{ display: WIDE }}>{c.email || "N/A"}</TableCell>
                  <TableCell sx={{ color: "text.secondary", display: WIDE }}>
                    {Object.entries(c.variables ?? {})
                      .map(([k, v]) => `${k}: ${v}`)
                      .join(", ") || "-"}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Pager
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
