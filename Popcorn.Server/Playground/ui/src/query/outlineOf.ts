import { outlineGraphQL } from './graphqlOutline';
import { outlineInclude } from './includeOutline';
import type { Outline } from './outline';
import type { Syntax } from './syntax';

export function outlineOf(text: string, syntax: Syntax): Outline {
  return syntax === 'include' ? outlineInclude(text) : outlineGraphQL(text);
}
