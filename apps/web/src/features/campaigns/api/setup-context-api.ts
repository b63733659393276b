import type { OrgSettingsResponse } from "@parley/shared/settings";
import { http } from "./http.ts";

/** The organisation's defaults for new campaigns (timezone, business hours, voice). */
export function getOrgSettings(): Promise<OrgSettingsResponse> {
  return http("GET", "/settings/organization");
}

export type TelephonyMode = "simulated" | "twilio";

/** Which carrier the server dials with, from its public health answer; null when it does not say. */
export async function getTelephonyMode(): Promise<TelephonyMode | null> {
  const res = await http<{ telephony?: unknown }>("GET", "/health");
  return res.telephony === "simulated" || res.telephony === "twilio" ? res.telephony : null;
}
