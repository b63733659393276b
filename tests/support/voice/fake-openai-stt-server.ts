import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeWav, type Pcm } from "@parley/voice/audio/wav";

/** What the fake answers one transcription request with. */
export type FakeSttAnswer =
  | { kind: "text"; text: string }
  | { kind: "status"; status: number; body: unknown }
  | { kind: "hang" };

export type SeenTranscription = {
  headers: IncomingHttpHeaders;
  fields: Record<string, string>;
  fileName: string;
  fileType: string;
  wav: Pcm;
};

/**
 * A local stand-in for OpenAI's POST /v1/audio/transcriptions: checks the Bearer key (401 in OpenAI's
 * error shape), parses the multipart body with a real parser, decodes the WAV, records it, and answers
 * the scripted replies in order as {text}.
 */
export async function startFakeOpenAiStt(opts: { apiKey: string; answers: FakeSttAnswer[] }) {
  const seen: SeenTranscription[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const fail = (status: number, message: string, code: string | null = null) =>
        void res
          .writeHead(status, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message, type: "invalid_request_error", param: null, code } }));
      if (req.headers.authorization !== `Bearer ${opts.apiKey}`)
        return fail(401, "Incorrect API key provided.", "invalid_api_key");
      if (req.method !== "POST" || req.url !== "/v1/audio/transcriptions")
        return fail(404, `Unknown route ${req.method} ${req.url}`);
      let form: FormData;
      try {
        form = await new Response(Buffer.concat(chunks), {
          headers: { "content-type": req.headers["content-type"] ?? "" },
        }).formData();
      } catch {
        return fail(400, "Could not parse multipart form.");
      }
      const file = form.get("file");
      if (!(file instanceof File)) return fail(400, "'file' is a required property");
      let wav: Pcm;
      try {
        wav = decodeWav(Buffer.from(await file.arrayBuffer()));
      } catch (err) {
        return fail(400, `Invalid file format: ${(err as Error).message}`);
      }
      const fields: Record<string, string> = {};
      for (const [k, v] of form.entries()) if (typeof v === "string") fields[k] = v;
      if (!fields.model) return fail(400, "'model' is a required property");
      seen.push({ headers: req.headers, fields, fileName: file.name, fileType: file.type, wav });
      const answer = opts.answers.shift() ?? {
        kind: "status",
        status: 500,
        body: { error: { message: "no scripted answer left" } },
      };
      if (answer.kind === "hang") return;
      if (answer.kind === "status")
        return void res
          .writeHead(answer.status, { "content-type": "application/json" })
          .end(JSON.stringify(answer.body));
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ text: answer.text }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    seen,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
