/** An owner's live events (`GET /api/users/me/events`), with the time each found report's id arrived. */
export async function ownerReportArrivals(url: string, sessionToken: string) {
  const arrived = new Map<string, number>();
  const res = await fetch(`${url}/api/users/me/events`, {
    headers: { Authorization: `Bearer ${sessionToken}` },
  });
  const reader = res.body!.getReader();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += new TextDecoder().decode(value);
      for (const m of buffer.matchAll(/event: found_report\ndata: (.+)\n\n/g))
        arrived.set(JSON.parse(m[1]!).id, performance.now());
      buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
    }
  })();
  return { arrived, close: () => reader.cancel() };
}
