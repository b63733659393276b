import type { CampaignDto, CampaignWrite } from "./campaign-dto.ts";
import type { ContactCallState } from "@parley/shared/campaigns";
import { http } from "./http.ts";

export type CampaignListQuery = { search: string; page: number; pageSize: number; status?: string };
export type CampaignListResult = { campaigns: CampaignDto[]; total: number; page: number; page_size: number };
export type VoiceDto = {
  id: string;
  voice_id?: string;
  name: string;
  description?: string | null;
  preview_url?: string | null;
};
export type ContactDto = {
  id: string;
  name: string | null;
  phone: string;
  email: string | null;
  variables: Record<string, string>;
  /** Where the contact stands in the dialer's queue (why and until when a pending one waits). */
  call_state?: ContactCallState;
};
export type ContactPage = { contacts: ContactDto[]; total: number; page: number; page_size: number };
export type { LifecycleAction } from "../logic/lifecycle-actions.ts";
import type { LifecycleAction } from "../logic/lifecycle-actions.ts";

export function listCampaigns(q: CampaignListQuery): Promise<CampaignListResult> {
  const params = new URLSearchParams({ page: String(q.page), page_size: String(q.pageSize) });
  if (q.search) params.set("search", q.search);
  if (q.status) params.set("status", q.status);
  return http("GET", `/campaigns?${params}`);
}

export async function getCampaign(id: string): Promise<CampaignDto> {
  const res = await http<{ campaign: CampaignDto }>("GET", `/campaigns/${encodeURIComponent(id)}`);
  return res.campaign;
}

export function deleteCampaign(id: string): Promise<unknown> {
  return http("DELETE", `/campaigns/${encodeURIComponent(id)}`);
}

/** Multipart when a CSV is attached (csv_file plus the payload fields), JSON otherwise. */
function body(payload: CampaignWrite, csv: File | null): FormData | CampaignWrite {
  if (!csv) return payload;
  const form = new FormData();
  form.set("csv_file", csv, csv.name);
  for (const [key, value] of Object.entries(payload)) {
    // An empty limit must still be sent: on update it clears the cap rather than keeping the old one.
    if (key === "max_concurrent_calls" && value === null) form.set(key, "");
    if (value === null || value === undefined || value === "") continue;
    form.set(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  return form;
}

export async function createCampaign(payload: CampaignWrite, csv: File | null): Promise<CampaignDto> {
  const res = await http<{ campaign: CampaignDto }>("POST", "/create_campaign", body(payload, csv));
  return res.campaign;
}

export async function updateCampaign(id: string, payload: CampaignWrite, csv: File | null): Promise<CampaignDto> {
  const res = await http<{ campaign: CampaignDto }>("PUT", `/campaigns/${encodeURIComponent(id)}`, body(payload, csv));
  return res.campaign;
}

export async function changeLifecycle(id: string, action: LifecycleAction): Promise<CampaignDto> {
  const res = await http<{ campaign: CampaignDto }>("POST", `/campaigns/${encodeURIComponent(id)}/${action}`);
  return res.campaign;
}

/** A new draft "<name> (copy)": same settings and FAQs, no contacts. */
export async function duplicateCampaign(id: string): Promise<CampaignDto> {
  const res = await http<{ campaign: CampaignDto }>("POST", `/campaigns/${encodeURIComponent(id)}/duplicate`);
  return res.campaign;
}

export async function listVoices(): Promise<VoiceDto[]> {
  const res = await http<{ voices: VoiceDto[] }>("GET", "/voices");
  return res.voices;
}

export function listContacts(id: string, page: number, pageSize: number): Promise<ContactPage> {
  const params = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  return http("GET", `/campaigns/${encodeURIComponent(id)}/contacts?${params}`);
}
