import { StreamLanguage, type StringStream } from '@codemirror/language';

interface IncludeState {
  /** Depth of `( ... )` argument lists, where names are argument names and values are literals. */
  argumentDepth: number;
}

/**
 * Highlighting for include syntax: `[id, boss:manager(id: 3)[firstName], -email, ?nick, !all]`.
 * Token names are @lezer/highlight tag names, styled by the shared highlight style.
 */
export const includeLanguage = StreamLanguage.define<IncludeState>({
  name: 'popcorn-include',
  startState: () => ({ argumentDepth: 0 }),
  token(stream: StringStream, state: IncludeState): string | null {
    if (stream.eatSpace()) {
      return null;
    }

    if (stream.match(/^!(all|default|full)\b/)) {
      return 'atom';
    }

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

    if (stream.match(/^[A-Za-z_]\w*/)) {
      const word = stream.current();
      if (state.argumentDepth > 0) {
        if (stream.match(/^\s*:/, false)) {
          return 'attributeName';
        }

        return word === 'true' || word === 'false' ? 'bool' : word === 'null' ? 'null' : 'atom';
      }

      // A name followed by ':' outside arguments is an alias for the field after it.
      return stream.match(/^\s*:/, false) ? 'labelName' : 'propertyName';
    }

    const c = stream.next();
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
      case '-':
      case '?':
        return 'modifier';
      case ',':
        return 'separator';
      case ':':
        return 'punctuation';
      default:
        return 'invalid';
    }
  },
  languageData: {
    closeBrackets: { brackets: ['[', '(', '{', '"'] },
  },
});
