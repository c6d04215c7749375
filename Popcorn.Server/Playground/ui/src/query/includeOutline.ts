import type { Outline, SelectionItem, SelectionSet } from './outline';
import { isNamePart, readName, skipParentheses, skipSpaces, skipString } from './scanning';

/**
 * Outlines include syntax: `[id, boss:manager(x: 1)[firstName], -email, ?nick, !all]`.
 * Unknown characters are stepped over, so a half-typed query still yields its nesting.
 */
export function outlineInclude(text: string): Outline {
  const outline: Outline = { sets: [], quiet: [] };
  const stack: SelectionSet[] = [];
  // The most recent item of the current set that a following '[' nests under.
  let last: SelectionItem | null = null;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const current = stack.at(-1) ?? null;
    if (c === '[') {
      const owner = current && last && last.set === current && !last.children ? last : null;
      const set: SelectionSet = {
        open: i,
        close: null,
        owner,
        parent: current,
        typeCondition: null,
        operationStart: i,
        items: [],
      };
      if (owner) {
        owner.children = set;
        owner.end = text.length;
      }

      outline.sets.push(set);
      stack.push(set);
      last = null;
      i++;
    } else if (c === ']') {
      const set = stack.pop();
      if (set) {
        set.close = i;
        if (set.owner) {
          set.owner.end = i + 1;
        }
      }

      last = null;
      i++;
    } else if (c === ',') {
      last = null;
      i++;
    } else if (c === '(') {
      const end = skipParentheses(text, i);
      outline.quiet.push({ from: i, to: end });
      if (last) {
        last.headEnd = last.end = end;
      }

      i = end;
    } else if (c === '"') {
      const end = skipString(text, i);
      outline.quiet.push({ from: i, to: end });
      i = end;
    } else if (current && (isNamePart(c) || c === '!' || c === '-' || c === '?')) {
      last = readItem(text, i, current);
      current.items.push(last);
      i = last.end;
    } else {
      i++;
    }
  }

  return outline;
}

/** Item := ('-' | '?')? (Wildcard | (Alias ':')? Name); arguments and children are read by the caller. */
function readItem(text: string, start: number, set: SelectionSet): SelectionItem {
  let i = start;
  while (text[i] === '-' || text[i] === '?') {
    i = skipSpaces(text, i + 1);
  }

  const nameStart = i;
  if (text[i] === '!') {
    i++;
  }

  i = readName(text, i);
  let name = text.slice(nameStart, i);
  let alias: string | null = null;
  const colon = skipSpaces(text, i);
  if (text[colon] === ':') {
    const second = skipSpaces(text, colon + 1);
    const secondEnd = readName(text, second);
    alias = name;
    name = text.slice(second, secondEnd);
    i = Math.max(secondEnd, colon + 1);
  }

  // A lone '-' or '?' still moves forward, so the reader never stalls.
  i = Math.max(i, start + 1);
  return { name, alias, isSpread: false, set, start, headEnd: i, end: i, children: null };
}
