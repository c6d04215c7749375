import { StateEffect } from '@codemirror/state';
import type { ViewUpdate } from '@codemirror/view';

/**
 * Asks an editor's linter to check again although its text did not change (what it is checked against did: the
 * target, the variables, the operation's definitions). Linters pass `recheckRequested` as their `needsRefresh`.
 */
export const recheck = StateEffect.define<null>();

export function recheckRequested(update: ViewUpdate): boolean {
  return update.transactions.some((transaction) => transaction.effects.some((effect) => effect.is(recheck)));
}
