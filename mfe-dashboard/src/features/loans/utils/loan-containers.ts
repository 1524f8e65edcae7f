import type { ContainerTypes, Loan } from '@panel/shared';

/** '2× Coffee cup, 1× Bowl': the loan's containers by type, labels from the API's type map. */
export function containersSummary(
  loan: Pick<Loan, 'containers'>,
  types: ContainerTypes | undefined,
): string {
  const counts = new Map<string, number>();
  for (const c of loan.containers)
    counts.set(c.container_type, (counts.get(c.container_type) ?? 0) + 1);
  return [...counts].map(([key, n]) => `${n}× ${types?.[key] ?? key}`).join(', ');
}

/** The codes still out with the client: neither back at a shop nor written off. */
export function codesOut(loan: Pick<Loan, 'containers'>): string[] {
  return loan.containers.filter((c) => !c.returned_at && !c.lost_at).map((c) => c.code);
}
