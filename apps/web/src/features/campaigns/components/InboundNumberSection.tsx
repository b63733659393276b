import { INBOUND_NUMBER_MESSAGE, normalizeInboundNumber } from "@parley/shared/inbound-number";
import { CheckedFieldSection, type FieldSectionProps } from "./CheckedFieldSection.tsx";

/**
 * "Inbound number" (inbound campaigns): the number callers dial, or the SIP user a PBX sends calls to. Checked
 * as typed with the server's own rule, so the message is the one the API would give.
 */
export function InboundNumberSection(props: FieldSectionProps) {
  return (
    <CheckedFieldSection
      {...props}
      title="Inbound Number"
      subtitle="The number callers dial to reach this campaign's agent"
      label="Inbound number"
      placeholder="+15550100200 or sales"
      required
      check={normalizeInboundNumber}
      message={INBOUND_NUMBER_MESSAGE}
      hint={
        "A phone number in international format (your Twilio number, or the number your SIP trunk sends), or the " +
        "SIP user your PBX calls. Once the campaign is launched, the agent answers every call to it."
      }
      testId="inbound-number"
    />
  );
}
