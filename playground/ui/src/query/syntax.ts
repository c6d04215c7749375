/** The two ways to write a selection: Popcorn's include syntax `[a,b[c]]` and the GraphQL-like `{ a b { c } }`. */
export type Syntax = 'include' | 'graphql';

export const syntaxLabels: Record<Syntax, string> = { include: 'Include', graphql: 'GraphQL' };

export function isSyntax(value: string | null): value is Syntax {
  return value === 'include' || value === 'graphql';
}

/**
 * The syntax the text is written in, told apart by its first significant character the way the
 * server does (`[` for include, `{`, `query` or `fragment` for GraphQL); null for blank text.
 */
export function detectSyntax(text: string): Syntax | null {
  const match = /^(?:\s|#[^\n]*)*(\S)/.exec(text);
  if (!match) {
    return null;
  }

  return match[1] === '[' ? 'include' : 'graphql';
}
