import { outlineGraphQL } from './graphqlOutline';
import { rootSet } from './outline';

/**
 * The gateway document that asks for everything the given one reaches: the same operation and
 * root fields (aliases, arguments, directives and variable definitions kept), each selecting
 * `{ __full }`. Fragments and root-level spreads are left out, as the full selection needs none.
 * Returns null when the text has no operation to rewrite.
 */
export function fullGatewayQuery(graphql: string): string | null {
  const root = rootSet(outlineGraphQL(graphql));
  if (!root || root.close === null) {
    return null;
  }

  if (!root.items.some((item) => !item.isSpread)) {
    return null;
  }

  let result = '';
  let copied = root.operationStart;
  for (const item of root.items) {
    // A spread at the root would point at a fragment that is no longer sent: drop it.
    result += item.isSpread ? graphql.slice(copied, item.start) : graphql.slice(copied, item.headEnd) + ' { __full }';
    copied = item.end;
  }

  return result + graphql.slice(copied, root.close + 1);
}
