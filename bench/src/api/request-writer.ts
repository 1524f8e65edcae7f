/** A steady stream of writes beside a read load: how reads fare while data changes. */
export interface RequestWriter {
  /** When each request (by id) was sent, in ms since the epoch: for fan-out times. */
  sentAt: Map<number, number>;
  /** Stops the writes; answers the ids of the requests made, in order. */
  stop: () => Promise<number[]>;
}

/**
 * The demo shop asks for one cup `perSecond` times a second, on the API
 * processes in turn, until stopped. A refused write fails the benchmark
 * (stop rejects): a bench row over failing writes would measure nothing.
 */
export function startRequestWriter(
  targets: string[],
  token: string,
  perSecond: number,
  onCreated: (id: number) => void = () => undefined,
): RequestWriter {
  const sentAt = new Map<number, number>();
  let running = true;
  const done = (async () => {
    const created: number[] = [];
    const started = Date.now();
    while (running) {
      const target = targets[created.length % targets.length] as string;
      const sent = performance.timeOrigin + performance.now();
      const response = await fetch(`${target}/api/v0/pack/containers/request_container/`, {
        method: 'POST',
        headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ containers: [{ container_type: 'cup', count: 1 }] }),
      });
      if (response.status !== 201) throw new Error(`A write answered ${response.status}`);
      const { id } = (await response.json()) as { id: number };
      created.push(id);
      sentAt.set(id, sent);
      onCreated(id);
      // On a fixed schedule: a slow answer is followed by a quicker next write.
      const due = started + (created.length * 1000) / perSecond;
      await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
    }
    return created;
  })();
  return {
    sentAt,
    stop: () => {
      running = false;
      return done;
    },
  };
}
