import { optionalNormalized } from "./optional-normalized.ts";

/**
 * An inbound campaign's number (campaign setting `inbound_number`): the number callers dial, in E.164, or the
 * SIP user a PBX or trunk sends calls to (the user part of sip:sales@parley.example.com). Spaces, dashes,
 * dots and brackets in a number are dropped ("+1 (555) 010-0200" → "+15550100200"). One campaign per number.
 */
export const INBOUND_NUMBER_MESSAGE =
  "Inbound number must be a phone number in international format (e.g. +15550100200) or a SIP user (e.g. sales).";
export const INBOUND_NUMBER_REQUIRED = "Inbound number is required for inbound campaigns";
export const inboundNumberTaken = (number: string) =>
  `The inbound number ${number} is already used by another campaign. Choose another number.`;

const E164 = /^\+[1-9]\d{6,14}$/;
// RFC 3261 §25.1 user (unreserved and a few marks), kept to what a PBX extension or trunk DID looks like.
const SIP_USER = /^[A-Za-z0-9][A-Za-z0-9._~+-]{0,63}$/;

/** The stored form, or null when it is neither a number nor a SIP user. */
export function normalizeInboundNumber(raw: string): string | null {
  const text = raw
    .trim()
    .replace(/^sips?:/i, "")
    .replace(/@.*$/, "");
  const number = text.replace(/[\s().-]/g, "");
  if (E164.test(number)) return number;
  if (/^\+/.test(number)) return null; // a number that is not E.164 is a mistake, not a user name
  return SIP_USER.test(text) ? text : null;
}

/** The create/update field; blank is null (required for inbound campaigns by the campaign schema). */
export const InboundNumber = optionalNormalized(normalizeInboundNumber, INBOUND_NUMBER_MESSAGE);
