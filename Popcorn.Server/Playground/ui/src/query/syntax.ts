/** The two ways to write a selection: Popcorn's include syntax `[a,b[c]]` and the GraphQL-like `{ a b { c } }`. */
export type Syntax = 'include' | 'graphql';

export const syntaxLabels: Record<Syntax, string> = { include: 'Include', graphql: 'GraphQL' };

export function isSyntax(value: string | null): value is Syntax {
  return value === 'include' || value === 'graphql';
}

/**
 * The syntax the text is written in, told apart by its first significant character the way the
 * server does (`[` for include, `{`, `query` or `fragment` for GraphQL); null for blank text.
 * Root arguments come first in both syntaxes (`(first: 5)[id]`, `(first: 5) { id }`): what follows
 * them decides, and arguments with nothing after them are the include syntax's, as on the server
 * (`SelectionParser.DetectSyntax`).
 */
export function detectSyntax(text: string): Syntax | null {
  const at = firstSignificant(text);
  if (at < 0) {
    return null;
  }

  if (text[at] === '(') {
    return detectSyntax(text.slice(endOfGroup(text, at))) ?? 'include';
  }

  return text[at] === '[' ? 'include' : 'graphql';
}

/** The offset of the first character that is not whitespace, a comma or a `#` comment; -1 when there is none. */
function firstSignificant(text: string): number {
  const match = /^(?:[\s,\uFEFF]|#[^\n]*)*(\S)/.exec(text);
  return match ? match[0].length - 1 : -1;
}

/** The offset just past the `)` that closes the group opening at `open` (strings skipped); the text's end if none does. */
function endOfGroup(text: string, open: number): number {
  let depth = 0;
  let inString = false;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') {
        i++;
      } else if (c === '"') {
        inString = false;
      }
    } else if (c === '"') {
      inString = true;
    } else if (c === '(') {
      depth++;
    } else if (c === ')' && --depth === 0) {
      return i + 1;
    }
  }

  return text.length;
}
