import { API_BASE, LIVE_SSE_EVENT, type LiveEvent } from '@kiraya/contract';

export type Received = { event: string; data: LiveEvent };

/** Opens an event stream (GET /api/v1/events) and collects its events until closed. */
export async function openStream(base: string, auth: { cookie?: string; bearer?: string }) {
  const controller = new AbortController();
  const res = await fetch(`${base}${API_BASE}/events`, {
    headers: {
      accept: 'text/event-stream',
      ...(auth.cookie ? { cookie: auth.cookie } : {}),
      ...(auth.bearer ? { authorization: `Bearer ${auth.bearer}` } : {}),
    },
    signal: controller.signal,
  });
  const events: Received[] = [];
  let ended = false;
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buf = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += value;
          let i = buf.indexOf('\n\n');
          while (i !== -1) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data) });
            i = buf.indexOf('\n\n');
          }
        }
      } catch {
        // aborted
      }
      ended = true;
    })();
  } else {
    ended = true;
  }
  const waitFor = async (pred: (e: Received[]) => boolean, what: string) => {
    for (let i = 0; i < 200; i++) {
      if (pred(events)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`stream never got ${what}: ${JSON.stringify(events)}`);
  };
  return {
    res,
    events,
    live: () => events.filter((e) => e.event === LIVE_SSE_EVENT).map((e) => e.data),
    waitFor,
    ended: () => ended,
    waitEnded: async () => {
      for (let i = 0; i < 200 && !ended; i++) await new Promise((r) => setTimeout(r, 50));
      return ended;
    },
    close: () => controller.abort(),
  };
}
