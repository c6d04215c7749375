import type { Outline, SelectionItem, SelectionSet } from './outline';
import { isNameStart, readName, skipParentheses, skipSpaces, skipString } from './scanning';

/**
 * Outlines the GraphQL-like syntax: a bare `{ ... }`, or a document with `query Name($v: T) { ... }`,
 * `fragment F on Type { ... }`, spreads, inline fragments, aliases, arguments and directives.
 * Unknown characters are stepped over, so a half-typed query still yields its nesting.
 */
export function outlineGraphQL(text: string): Outline {
  const outline: Outline = { sets: [], quiet: [] };
  const stack: SelectionSet[] = [];
  // What the next '{' opens: under the latest field, a typed or untyped inline fragment,
  // a named fragment's type, or an operation that started at `operationStart`.
  let owner: SelectionItem | null = null;
  let typeCondition: string | null = null;
  let operationStart: number | null = null;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const current = stack.at(-1) ?? null;
    if (c === '{') {
      const set: SelectionSet = {
        open: i,
        close: null,
        owner: current && owner?.set === current ? owner : null,
        parent: current,
        typeCondition,
        operationStart: operationStart ?? i,
        items: [],
      };
      if (set.owner) {
        set.owner.children = set;
        set.owner.end = text.length;
      }

      outline.sets.push(set);
      stack.push(set);
      owner = null;
      typeCondition = null;
      operationStart = null;
      i++;
    } else if (c === '}') {
      const set = stack.pop();
      if (set) {
        set.close = i;
        if (set.owner) {
          set.owner.end = i + 1;
        }
      }

      owner = null;
      i++;
    } else if (c === '#') {
      const end = text.indexOf('\n', i);
      const to = end < 0 ? text.length : end;
      outline.quiet.push({ from: i, to });
      i = to;
    } else if (c === '"') {
      const end = skipString(text, i);
      outline.quiet.push({ from: i, to: end });
      i = end;
    } else if (c === '(') {
      const end = skipParentheses(text, i);
      outline.quiet.push({ from: i, to: end });
      extendHead(owner, end);
      i = end;
    } else if (c === '@' || c === '$') {
      const end = readName(text, i + 1);
      if (c === '@') {
        extendHead(owner, end);
      }

      i = end;
    } else if (text.startsWith('...', i)) {
      owner = null;
      const wordStart = skipSpaces(text, i + 3);
      const wordEnd = readName(text, wordStart);
      const word = text.slice(wordStart, wordEnd);
      if (word === 'on') {
        const typeStart = skipSpaces(text, wordEnd);
        const typeEnd = readName(text, typeStart);
        typeCondition = text.slice(typeStart, typeEnd);
        i = Math.max(typeEnd, wordEnd);
      } else if (word !== '' && current) {
        current.items.push({
          name: word,
          alias: null,
          isSpread: true,
          set: current,
          start: i,
          headEnd: wordEnd,
          end: wordEnd,
          children: null,
        });
        i = wordEnd;
      } else {
        typeCondition = 'inherit';
        i += 3;
      }
    } else if (isNameStart(c)) {
      const end = readName(text, i);
      if (current) {
        owner = readField(text, i, current);
        current.items.push(owner);
        i = owner.end;
      } else {
        i = readDefinitionHead(text, i, end, (start, type) => {
          operationStart = start;
          typeCondition = type;
        });
      }
    } else {
      i++;
    }
  }

  return outline;
}

/** Field := (Alias ':')? Name; arguments, directives and children are read by the caller. */
function readField(text: string, start: number, set: SelectionSet): SelectionItem {
  let end = readName(text, start);
  let name = text.slice(start, end);
  let alias: string | null = null;
  const colon = skipSpaces(text, end);
  if (text[colon] === ':') {
    const second = skipSpaces(text, colon + 1);
    const secondEnd = readName(text, second);
    alias = name;
    name = text.slice(second, secondEnd);
    end = Math.max(secondEnd, colon + 1);
  }

  return { name, alias, isSpread: false, set, start, headEnd: end, end, children: null };
}

/**
 * Reads `query|mutation|subscription Name?` or `fragment Name on Type` at the top level and
 * reports where the definition starts and, for a fragment, the type it selects from.
 */
function readDefinitionHead(
  text: string,
  start: number,
  keywordEnd: number,
  report: (start: number, typeCondition: string | null) => void,
): number {
  const keyword = text.slice(start, keywordEnd);
  if (keyword === 'fragment') {
    const nameEnd = readName(text, skipSpaces(text, keywordEnd));
    const onStart = skipSpaces(text, nameEnd);
    const onEnd = readName(text, onStart);
    if (text.slice(onStart, onEnd) !== 'on') {
      return Math.max(onEnd, keywordEnd);
    }

    const typeStart = skipSpaces(text, onEnd);
    const typeEnd = readName(text, typeStart);
    report(start, text.slice(typeStart, typeEnd));
    return Math.max(typeEnd, onEnd);
  }

  if (keyword === 'query' || keyword === 'mutation' || keyword === 'subscription') {
    report(start, null);
  }

  return keywordEnd;
}

function extendHead(item: SelectionItem | null, end: number): void {
  if (item && !item.children) {
    item.headEnd = item.end = end;
  }
}
