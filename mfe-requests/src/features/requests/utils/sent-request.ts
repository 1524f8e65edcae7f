import type { ContainerRequest } from '@panel/shared';

import type { NewRequestItem } from '../api/create-request';

/** How far the server's clock may be behind this device's when a sent request is looked for. */
const CLOCK_SLACK_MS = 5 * 60_000;

/**
 * Among the shop's newest pending requests, the one an unanswered Send made:
 * the same types and counts, dated no earlier than the Send (less the
 * slack). Newest first, so the first match is the latest.
 */
export function findSentRequest(
  pending: readonly ContainerRequest[],
  lines: readonly NewRequestItem[],
  sentAtMs: number,
): ContainerRequest | undefined {
  const wanted = new Map(lines.map((line) => [line.container_type, line.count]));
  return pending.find(
    (request) =>
      Date.parse(request.request_date) >= sentAtMs - CLOCK_SLACK_MS &&
      request.items.length === wanted.size &&
      request.items.every((item) => wanted.get(item.container_type) === item.quantity),
  );
}
