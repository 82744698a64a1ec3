/**
 * Before a distribution is paid, the register and the chain must agree on the asset's token: every person's
 * on-chain balance equals what the register gives them. A difference is drift, and the payment run stops until
 * operations reconcile (docs/design.md §7). Pure: the balances come from the token slice's views.
 */
export interface ChainDrift {
  personId: string;
  register: number;
  chain: number;
}

export function chainDrift(
  registerBalances: ReadonlyMap<string, number>,
  onChain: readonly { personId: string | null; balance: number }[],
): ChainDrift[] {
  const chain = new Map<string, number>();
  for (const h of onChain) if (h.personId) chain.set(h.personId, (chain.get(h.personId) ?? 0) + h.balance);
  const people = new Set([...registerBalances.keys(), ...chain.keys()]);
  return [...people]
    .sort()
    .map((personId) => ({ personId, register: registerBalances.get(personId) ?? 0, chain: chain.get(personId) ?? 0 }))
    .filter((d) => d.register !== d.chain);
}
