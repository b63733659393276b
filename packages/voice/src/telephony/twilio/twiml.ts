/** The TwiML that bridges an answered call to Parley's Media Streams WebSocket, carrying Parley's call id. */
export function connectStreamTwiml(streamUrl: string, params: Record<string, string>): string {
  const parameters = Object.entries(params)
    .map(([name, value]) => `<Parameter name="${escapeXml(name)}" value="${escapeXml(value)}"/>`)
    .join("");
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<Response><Connect><Stream url="${escapeXml(streamUrl)}">${parameters}</Stream></Connect></Response>`
  );
}

/** A polite message, then the call ends (an incoming call Parley cannot take now). */
export function sayAndHangupTwiml(text: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Say>${escapeXml(text)}</Say><Hangup/></Response>`;
}

/** An empty answer for webhooks that need no instructions (or a call Parley no longer knows). */
export function hangupTwiml(): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>`;
}

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}
