/** The two Twilio REST calls Parley needs, over fetch: create an outbound call and hang one up. */

export type TwilioAccount = {
  accountSid: string;
  authToken: string;
  /** https://api.twilio.com, or a local fake in tests. */
  apiBase: string;
};

export type CreateCallParams = {
  to: string;
  from: string;
  /** Where Twilio fetches the TwiML once the callee answers. */
  twimlUrl: string;
  statusCallbackUrl: string;
  amdCallbackUrl: string;
};

export class TwilioApiError extends Error {
  constructor(
    readonly status: number,
    readonly twilioCode: number | null,
    message: string,
  ) {
    super(message);
    this.name = "TwilioApiError";
  }
}

export async function createTwilioCall(
  acc: TwilioAccount,
  p: CreateCallParams,
  signal?: AbortSignal,
): Promise<{ sid: string; status: string }> {
  const form = new URLSearchParams({
    To: p.to,
    From: p.from,
    Url: p.twimlUrl,
    Method: "POST",
    StatusCallback: p.statusCallbackUrl,
    StatusCallbackMethod: "POST",
  });
  for (const e of ["initiated", "ringing", "answered", "completed"]) form.append("StatusCallbackEvent", e);
  // Async AMD: the call connects at once and the verdict arrives later on its own callback.
  form.set("MachineDetection", "DetectMessageEnd");
  form.set("AsyncAmd", "true");
  form.set("AsyncAmdStatusCallback", p.amdCallbackUrl);
  form.set("AsyncAmdStatusCallbackMethod", "POST");
  const body = await twilioPost(acc, `Calls.json`, form, signal);
  const sid = typeof body.sid === "string" ? body.sid : null;
  if (!sid) throw new TwilioApiError(200, null, "Twilio created a call but returned no call SID.");
  return { sid, status: typeof body.status === "string" ? body.status : "queued" };
}

export async function hangupTwilioCall(acc: TwilioAccount, callSid: string, signal?: AbortSignal): Promise<void> {
  await twilioPost(
    acc,
    `Calls/${encodeURIComponent(callSid)}.json`,
    new URLSearchParams({ Status: "completed" }),
    signal,
  );
}

async function twilioPost(
  acc: TwilioAccount,
  path: string,
  form: URLSearchParams,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  const url = `${acc.apiBase.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(acc.accountSid)}/${path}`;
  const auth = Buffer.from(`${acc.accountSid}:${acc.authToken}`).toString("base64");
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Basic ${auth}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: form.toString(),
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new TwilioApiError(0, null, `Twilio could not be reached: ${(err as Error).message}`);
  }
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // Proxies answer HTML on outages; the status line still says what went wrong.
  }
  if (!res.ok) throw twilioError(res.status, body);
  return body;
}

// Twilio's error JSON: { code, message, more_info, status }.
function twilioError(status: number, body: Record<string, unknown>): TwilioApiError {
  const code = typeof body.code === "number" ? body.code : null;
  const detail = typeof body.message === "string" ? body.message : `HTTP ${status}`;
  const hint = status === 401 ? " (check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN)" : "";
  return new TwilioApiError(
    status,
    code,
    `Twilio refused the request: ${detail}${code ? ` [code ${code}]` : ""}${hint}`,
  );
}
