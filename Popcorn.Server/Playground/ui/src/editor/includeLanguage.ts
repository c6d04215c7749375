import { StreamLanguage, type StringStream } from '@codemirror/language';
import { argumentWordToken, fieldWordToken, literalToken, punctuationToken, readName, type SelectionState } from './selectionTokens';

/**
 * Highlighting for include syntax: `[id, boss:manager(id: 3)[firstName], -email, ?nick, !all]`.
 * What it shares with the GraphQL-like syntax lives in selectionTokens.ts.
 */
export const includeLanguage = StreamLanguage.define<SelectionState>({
  name: 'popcorn-include',
  startState: () => ({ argumentDepth: 0 }),
  token(stream: StringStream, state: SelectionState): string | null {
    if (stream.eatSpace()) {
      return null;
    }

    if (stream.match(/^!(all|default|full)\b/)) {
      return 'atom';
    }

    const literal = literalToken(stream);
    if (literal) {
      return literal;
    }

    const word = readName(stream);
    if (word !== null) {
      return state.argumentDepth > 0 ? argumentWordToken(stream, word) : fieldWordToken(stream);
    }

    const c = stream.next()!;
    if (c === '-' || c === '?') {
      return 'modifier';
    }

    return punctuationToken(c, state) ?? 'invalid';
  },
  languageData: {
    closeBrackets: { brackets: ['[', '(', '{', '"'] },
  },
});
