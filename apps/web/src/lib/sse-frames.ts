/** One Server-Sent Events message: its `event:` name (default "message") and its joined `data:` lines. */
export type SseMessage = { event: string; data: string };

/**
 * An incremental Server-Sent Events parser: feed it text as it arrives (chunks may split a message or a
 * line anywhere) and it answers the messages completed so far. Comment lines (": …") are skipped.
 */
export function createSseParser() {
  let buffer = "";
  return function push(chunk: string): SseMessage[] {
    buffer += chunk.replace(/\r\n?/g, "\n");
    const out: SseMessage[] = [];
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      const data: string[] = [];
      for (const line of frame.split("\n")) {
        if (!line || line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") event = value;
        else if (field === "data") data.push(value);
      }
      if (data.length) out.push({ event, data: data.join("\n") });
    }
    return out;
  };
}
