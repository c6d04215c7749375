/** The highlight classes of one pretty-printed JSON line's tokens (see jsonViewer.css, `.json-*`). */
export type JsonTokenKind = 'key' | 'string' | 'number' | 'bool' | 'null' | 'punct';

export interface JsonToken {
  text: string;
  kind: JsonTokenKind | null;
}

// A string (a key when a colon follows), a number, a literal, or punctuation; anything else is plain.
const tokenPattern = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false)\b|\b(null)\b|([{}[\],:])/g;

/** Splits one line into highlighted pieces; only the lines on screen are ever split. */
export function jsonTokens(line: string): JsonToken[] {
  const tokens: JsonToken[] = [];
  let copied = 0;
  for (const match of line.matchAll(tokenPattern)) {
    const at = match.index;
    if (at > copied) {
      tokens.push({ text: line.slice(copied, at), kind: null });
    }

    if (match[1] !== undefined) {
      tokens.push({ text: match[1], kind: match[2] !== undefined ? 'key' : 'string' });
      if (match[2] !== undefined) {
        tokens.push({ text: match[2], kind: 'punct' });
      }
    } else {
      const kind: JsonTokenKind = match[3] !== undefined ? 'number' : match[4] !== undefined ? 'bool' : match[5] !== undefined ? 'null' : 'punct';
      tokens.push({ text: match[0], kind });
    }

    copied = at + match[0].length;
  }

  if (copied < line.length) {
    tokens.push({ text: line.slice(copied), kind: null });
  }

  return tokens;
}
