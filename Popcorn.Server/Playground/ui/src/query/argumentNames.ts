/**
 * The argument names in the text after a field's name, `(id: 3, note: "a: b") @skip(if: $x)` -> `['id', 'note']`.
 * Only names directly inside the field's own parentheses count, not keys of object values or
 * text inside strings. Forgiving, like the outlines: an unclosed list reads to the end.
 */
export function argumentNames(afterName: string): string[] {
  // Parentheses after a directive are the directive's, not the field's.
  const open = afterName.search(/\S/);
  if (open < 0 || afterName[open] !== '(') {
    return [];
  }

  const names: string[] = [];
  // Nesting below the argument list: objects and lists inside values.
  let depth = 0;
  for (let i = open + 1; i < afterName.length; i++) {
    const char = afterName[i]!;
    if (char === '"') {
      i = endOfString(afterName, i);
    } else if (char === '{' || char === '[' || char === '(') {
      depth++;
    } else if (char === '}' || char === ']' || char === ')') {
      if (depth === 0) {
        break;
      }

      depth--;
    } else if (/[A-Za-z_$]/.test(char)) {
      const word = /^\$?\w+/.exec(afterName.slice(i))![0];
      // Commas are optional between GraphQL arguments, so a name is any word (not a `$variable`) before a colon.
      if (depth === 0 && !word.startsWith('$') && /^\s*:/.test(afterName.slice(i + word.length))) {
        names.push(word);
      }

      i += word.length - 1;
    }
  }

  return names;
}

/** The offset of a string's closing quote (or the end), skipping escaped characters. */
function endOfString(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
    } else if (text[i] === '"') {
      return i;
    }
  }

  return text.length;
}
