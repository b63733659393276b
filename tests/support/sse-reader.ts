/** Reads Server-Sent Events messages one at a time from a fetch body, skipping keep-alive comments; null at the end. */
export function sseReader<T>(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return async function next(): Promise<{ event: string; data: T } | null> {
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (frame.startsWith(":")) continue; // keep-alive comment
        const event = /^event: (.*)$/m.exec(frame)?.[1] ?? "message";
        return { event, data: JSON.parse(/^data: (.*)$/m.exec(frame)![1]!) as T };
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true });
    }
  };
}
