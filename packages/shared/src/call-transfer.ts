import { z } from "zod";
import { optionalNormalized } from "./optional-normalized.ts";

/**
 * "Transfer to" (campaign setting `transfer_to`): the person a caller who asks for one is put through to —
 * a phone number in E.164, or a SIP URI for a desk phone or PBX extension. Spaces, dashes, dots and
 * brackets in a number are dropped ("+1 (555) 010-2000" → "+15550102000").
 */
export const TRANSFER_TO_MESSAGE =
  "Transfer to must be a phone number in international format (e.g. " +
  "+15550102000) or a SIP address (e.g. sip:sales@pbx.example.com).";

const E164 = /^\+[1-9]\d{6,14}$/;
// sip:[user@]host[:port][;params] — RFC 3261 §19.1; the host is a name or an IPv4 address.
const SIP_URI = /^sips?:(?:[^\s@:;]+@)?[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d{1,5})?(?:;[^\s;]+)*$/i;

/** The stored form of a transfer target, or null when it is neither a number nor a SIP address. */
export function normalizeTransferTarget(raw: string): string | null {
  const text = raw.trim();
  if (/^sips?:/i.test(text)) return SIP_URI.test(text) ? text : null;
  const number = text.replace(/[\s().-]/g, "");
  return E164.test(number) ? number : null;
}

/** The create/update field: blank clears it (no transfer: the agent offers a callback instead). */
export const TransferTo = optionalNormalized(normalizeTransferTarget, TRANSFER_TO_MESSAGE);

/** A transfer as the call's details show it: who it went to, when, and whether the person answered. */
export const CallTransfer = z.object({
  to: z.string(),
  at: z.string(),
  answered: z.boolean(),
  /** Why it did not go through ("busy", "no answer within 25 s", a SIP status), when it did not. */
  detail: z.string().nullable(),
});
export type CallTransfer = z.infer<typeof CallTransfer>;
