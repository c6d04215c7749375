/** Small character-level helpers both outline readers share. Every function returns an offset. */

export const isNameStart = (c: string | undefined): boolean => c !== undefined && /[A-Za-z_]/.test(c);
export const isNamePart = (c: string | undefined): boolean => c !== undefined && /\w/.test(c);

export function skipSpaces(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i]!)) {
    i++;
  }

  return i;
}

export function readName(text: string, i: number): number {
  while (isNamePart(text[i])) {
    i++;
  }

  return i;
}

/** Skips a string literal starting at `i` (a `"` or a GraphQL `"""` block string); stops at the end of text if unterminated. */
export function skipString(text: string, i: number): number {
  if (text.startsWith('"""', i)) {
    const end = text.indexOf('"""', i + 3);
    return end < 0 ? text.length : end + 3;
  }

  for (i++; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
    } else if (c === '"' || c === '\n') {
      return i + 1;
    }
  }

  return text.length;
}

/**
 * Skips a parenthesized group starting at `i` (on the `(`), with nested brackets and strings,
 * as arguments are written in both syntaxes; stops at the end of text if unclosed.
 */
export function skipParentheses(text: string, i: number): number {
  let depth = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      i = skipString(text, i);
      continue;
    }

    if (c === '(' || c === '[' || c === '{') {
      depth++;
    } else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) {
        return i + 1;
      }
    }

    i++;
  }

  return text.length;
}
