import { isWithin } from "../dialer/call-window.ts";
import type { CallContextRow } from "./calls.repo.ts";

/**
 * Who a caller may be put through to now: the campaign's "Transfer to", except on a call to an inbound campaign
 * outside its business hours. The agent answers such a call at any hour, but does not ring a person's phone at
 * night: it offers a callback instead. Placed calls keep their transfer: the dialer places them within business
 * hours, and a call by hand is placed by someone at work.
 */
export function transferTarget(c: CallContextRow, now: Date): string | null {
  if (!c.transfer_to) return null;
  if (c.campaign_direction !== "inbound") return c.transfer_to;
  return isWithin(now, { start: c.business_hours_start, end: c.business_hours_end }, c.timezone) ? c.transfer_to : null;
}
