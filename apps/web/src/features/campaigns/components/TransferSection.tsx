import { normalizeTransferTarget, TRANSFER_TO_MESSAGE } from "@parley/shared/call-transfer";
import { CheckedFieldSection, type FieldSectionProps } from "./CheckedFieldSection.tsx";

/**
 * "Transfer to" (voice campaigns): the number or SIP address a caller who asks for a person is put through to.
 * The agent rings it, tells the person who is calling and why, then joins them; empty means the agent offers a
 * callback instead. Checked as typed with the server's own rule, so the message is the one the API would give.
 */
export function TransferSection(props: FieldSectionProps) {
  return (
    <CheckedFieldSection
      {...props}
      title="Transfer to a Person"
      subtitle="Where the agent puts a caller through when they ask for a real person"
      label="Transfer to"
      placeholder="+15550102000 or sip:sales@pbx.example.com"
      check={normalizeTransferTarget}
      message={TRANSFER_TO_MESSAGE}
      hint={
        "A phone number (international format) or a SIP address. The agent tells the person who " +
        "is calling and why before connecting them; if nobody answers within 25 seconds it " +
        "offers the caller a callback. A caller to an inbound campaign is put through only " +
        "within its business hours. Leave empty to always offer a callback."
      }
      testId="transfer-to"
    />
  );
}
