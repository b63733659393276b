import { KB_MAX_URLS, KbMessages, type KbChannel } from "@parley/shared/knowledge-base";

export type UrlItem = { url: string; name: string };
export type Channel = KbChannel | "";

/** Adds a URL when non-empty after trimming and fewer than 5 are listed; the name defaults to 'Document {n}'. */
export function addUrl(list: UrlItem[], url: string, name: string): UrlItem[] {
  const trimmed = url.trim();
  if (!trimmed || list.length >= KB_MAX_URLS) return list;
  return [...list, { url: trimmed, name: name.trim() || `Document ${list.length + 1}` }];
}

/** The first problem with uploading documents now (spec §5 order: channel, then files), or null. */
export function documentsProblem(channel: Channel, fileCount: number): string | null {
  if (!channel) return KbMessages.channelForDocuments;
  if (fileCount === 0) return KbMessages.noFiles;
  return null;
}

export function urlsProblem(channel: Channel, urlCount: number): string | null {
  if (!channel) return KbMessages.channelForUrls;
  if (urlCount === 0) return KbMessages.noUrls;
  return null;
}

export function combinedProblem(channel: Channel, fileCount: number, urlCount: number): string | null {
  if (!channel) return KbMessages.channelForCombined;
  if (channel === "voice") return KbMessages.combinedVoice;
  if (fileCount + urlCount === 0) return KbMessages.noFilesOrUrls;
  return null;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
