import { StreamLanguage, type StringStream } from '@codemirror/language';

interface GraphQLState {
  /** Depth of `( ... )` argument or variable lists. */
  argumentDepth: number;
  /** The previous word was `on` or `fragment`, so the next name is a type or fragment name. */
  expectsTypeName: boolean;
}

const keywords = new Set(['query', 'mutation', 'subscription', 'fragment', 'on']);
const wildcards = new Set(['__all', '__default', '__full', '__typename']);

/**
 * Highlighting for the GraphQL-like syntax: documents with operations, fragments, variables and
 * directives, and Popcorn's own `__all`/`__default`/`__full` and `@exclude`/`@optional`.
 */
export const graphqlLanguage = StreamLanguage.define<GraphQLState>({
  name: 'popcorn-graphql',
  startState: () => ({ argumentDepth: 0, expectsTypeName: false }),
  token(stream: StringStream, state: GraphQLState): string | null {
    if (stream.eatSpace()) {
      return null;
    }

    if (stream.match('#')) {
      stream.skipToEnd();
      return 'lineComment';
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

    if (stream.match(/^@\w*/)) {
      return 'meta';
    }

    if (stream.match('...')) {
      return 'operator';
    }

    if (stream.match(/^[A-Za-z_]\w*/)) {
      const word = stream.current();
      if (state.expectsTypeName) {
        state.expectsTypeName = word === 'on';
        return word === 'on' ? 'keyword' : 'typeName';
      }

      if (state.argumentDepth > 0) {
        if (stream.match(/^\s*:/, false)) {
          return 'attributeName';
        }

        return word === 'true' || word === 'false' ? 'bool' : word === 'null' ? 'null' : /^[A-Z]/.test(word) ? 'typeName' : 'atom';
      }

      if (keywords.has(word)) {
        state.expectsTypeName = word === 'on' || word === 'fragment';
        return 'keyword';
      }

      if (wildcards.has(word)) {
        return 'atom';
      }

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
      case '{':
      case '}':
        return 'brace';
      case '[':
      case ']':
        return 'squareBracket';
      case ':':
      case '=':
      case '!':
        return 'punctuation';
      case ',':
        return 'separator';
      default:
        return 'invalid';
    }
  },
  languageData: {
    closeBrackets: { brackets: ['{', '(', '[', '"'] },
    commentTokens: { line: '#' },
  },
});
