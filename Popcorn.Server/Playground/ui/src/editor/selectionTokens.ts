import type { StringStream } from '@codemirror/language';

/**
 * The token scaffolding both selection syntaxes share: the same literals, the same argument lists,
 * the same aliases and brackets. Each language reads its own tokens first (comments, directives,
 * `-`/`?` modifiers...) and falls back on these, so a string or an argument looks alike in both.
 * Token names are @lezer/highlight tag names, styled by the shared highlight style.
 */
export interface SelectionState {
  /** Depth of `( ... )` argument (or variable) lists, where names are argument names and values are literals. */
  argumentDepth: number;
}

/** A double-quoted string, its escapes, a number or a `$variable`; null when the stream is at none of them. */
export function literalToken(stream: StringStream): string | null {
  if (stream.match('"')) {
    while (!stream.eol()) {
      const c = stream.next();
      if (c === '\\') {
        stream.next();
      } else if (c === '"') {
        break;
      }
    }

    return 'string';
  }

  if (stream.match(/^-?\d+(\.\d+)?([eE][+-]?\d+)?/)) {
    return 'number';
  }

  if (stream.match(/^\$\w*/)) {
    return 'variableName';
  }

  return null;
}

/** Reads a name; null when the stream is not at one. */
export function readName(stream: StringStream): string | null {
  return stream.match(/^[A-Za-z_]\w*/) ? stream.current() : null;
}

/**
 * A name just read inside an argument list: the argument's name when ':' follows, otherwise a
 * literal word (true, false, null, an enum value, or with `typeNames` a capitalised type).
 */
export function argumentWordToken(stream: StringStream, word: string, typeNames = false): string {
  if (stream.match(/^\s*:/, false)) {
    return 'attributeName';
  }

  if (word === 'true' || word === 'false') {
    return 'bool';
  }

  if (word === 'null') {
    return 'null';
  }

  return typeNames && /^[A-Z]/.test(word) ? 'typeName' : 'atom';
}

/** A field name just read outside arguments: an alias when ':' follows (it names the field after it). */
export function fieldWordToken(stream: StringStream): string {
  return stream.match(/^\s*:/, false) ? 'labelName' : 'propertyName';
}

/** Brackets, commas and colons, counting argument lists; null for any other character. */
export function punctuationToken(c: string, state: SelectionState): string | null {
  switch (c) {
    case '(':
      state.argumentDepth++;
      return 'paren';
    case ')':
      state.argumentDepth = Math.max(0, state.argumentDepth - 1);
      return 'paren';
    case '[':
    case ']':
      return 'squareBracket';
    case '{':
    case '}':
      return 'brace';
    case ',':
      return 'separator';
    case ':':
      return 'punctuation';
    default:
      return null;
  }
}
