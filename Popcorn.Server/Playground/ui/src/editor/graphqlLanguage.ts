import { StreamLanguage, type StringStream } from '@codemirror/language';
import { argumentWordToken, fieldWordToken, literalToken, punctuationToken, readName, type SelectionState } from './selectionTokens';

interface GraphQLState extends SelectionState {
  /** The previous word was `on` or `fragment`, so the next name is a type or fragment name. */
  expectsTypeName: boolean;
}

const keywords = new Set(['query', 'mutation', 'subscription', 'fragment', 'on']);
const wildcards = new Set(['__all', '__default', '__full', '__typename']);

/**
 * Highlighting for the GraphQL-like syntax: documents with operations, fragments, variables and
 * directives, and Popcorn's own `__all`/`__default`/`__full` and `@exclude`/`@optional`. What it
 * shares with include syntax lives in selectionTokens.ts.
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

    const literal = literalToken(stream);
    if (literal) {
      return literal;
    }

    if (stream.match(/^@\w*/)) {
      return 'meta';
    }

    if (stream.match('...')) {
      return 'operator';
    }

    const word = readName(stream);
    if (word !== null) {
      return wordToken(stream, word, state);
    }

    const c = stream.next()!;
    if (c === '=' || c === '!') {
      return 'punctuation';
    }

    return punctuationToken(c, state) ?? 'invalid';
  },
  languageData: {
    closeBrackets: { brackets: ['{', '(', '[', '"'] },
    commentTokens: { line: '#' },
  },
});

function wordToken(stream: StringStream, word: string, state: GraphQLState): string {
  if (state.expectsTypeName) {
    state.expectsTypeName = word === 'on';
    return word === 'on' ? 'keyword' : 'typeName';
  }

  if (state.argumentDepth > 0) {
    return argumentWordToken(stream, word, true);
  }

  if (keywords.has(word)) {
    state.expectsTypeName = word === 'on' || word === 'fragment';
    return 'keyword';
  }

  return wildcards.has(word) ? 'atom' : fieldWordToken(stream);
}
