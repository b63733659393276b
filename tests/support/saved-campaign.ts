/**
 * The campaign named `name` as the list API returns it once a SAVE AS DRAFT click has reached the server (the
 * browser saves in the background), or undefined after 10 s.
 */
export async function savedCampaign<T>(baseUrl: string, token: string, name: string): Promise<T | undefined> {
  for (let i = 0; i < 40; i++) {
    const list = await (
      await fetch(`${baseUrl}/api/campaigns?search=${encodeURIComponent(name)}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    if (list.campaigns?.[0]) return list.campaigns[0] as T;
    await new Promise((r) => setTimeout(r, 250));
  }
  return undefined;
}
