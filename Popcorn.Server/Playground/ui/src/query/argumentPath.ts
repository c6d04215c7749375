/**
 * Where the cursor stands inside a field's argument list, read from the text between its `(` and the cursor:
 * `null` when it is not where a name goes (inside a value or a string, after a `:`), else the keys of the input
 * objects it is nested in, outermost first: `[]` where an argument's name goes (`(first: 5, |`), `['orderBy']` in
 * `(orderBy: {|`, `['where', 'status']` in `(where: {status: {|`. An object inside a list takes the list's key
 * (`(where: {or: [{|` is `['where', 'or']`). Forgiving: half-typed text gives the best guess, never an error.
 */
export function argumentPathAt(written: string): string[] | null {
  const open: { key: string; list: boolean }[] = [];
  let pendingKey = '';
  for (let i = 0; i < written.length; i++) {
    const c = written[i];
    if (c === '"') {
      const end = written.indexOf('"', i + 1);
      if (end < 0) {
        return null;
      }

      i = end;
    } else if (c === '{' || c === '[') {
      const enclosing = open.at(-1);
      open.push({ key: pendingKey || (enclosing?.list ? enclosing.key : ''), list: c === '[' });
      pendingKey = '';
    } else if (c === '}' || c === ']') {
      open.pop();
      pendingKey = '';
    } else if (c === ',') {
      pendingKey = '';
    } else if (c === ':') {
      pendingKey = /(\w+)\s*$/.exec(written.slice(0, i))?.[1] ?? '';
    }
  }

  // A name goes at the start, after an object's `{`, or after a `,` between an object's (or the list's) entries.
  const before = written.slice(0, written.length - (/\w*$/.exec(written)?.[0].length ?? 0)).trimEnd();
  const last = before.at(-1);
  if ((before !== '' && last !== '{' && last !== ',') || open.at(-1)?.list) {
    return null;
  }

  return open.filter((container) => !container.list).map((container) => container.key);
}
