// Random selections over a /popcorn/schema, with a fixed seed, printed in both syntaxes: the live differential check
// and the compile-time measurement draw from it.

/** A small seeded generator (mulberry32), so a failing selection comes back on every run. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Items of a random selection on `typeName`: { key, name, children, args, optional } fields, { remove }, { wild }. */
export function randomItems(schema, typeName, next, depth = 0) {
  const type = schema.types.find((t) => t.name === typeName);
  const roll = next();
  if (roll < 0.08) return [];
  const items = [];
  if (roll < 0.18) items.push({ wild: depth === 0 && next() < 0.15 && typeName === 'Product' ? 'full' : next() < 0.5 ? 'all' : 'default' });
  const fields = [...type.fields].sort(() => next() - 0.5).slice(0, 1 + Math.floor(next() * 4));
  let alias = 0;
  for (const field of fields) {
    const item = { key: field.name, name: field.name, children: null, args: null, optional: false };
    if (next() < 0.2) item.key = `a${depth}${alias++}`;
    if (field.elementType && depth < 2 && next() < 0.6) item.children = randomItems(schema, field.elementType, next, depth + 1);
    if (field.kind === 'list' && field.elementType && next() < 0.3) item.args = '(first: 2)';
    items.push(item);
  }

  if (next() < 0.2) items.push({ remove: type.fields[Math.floor(next() * type.fields.length)].name });
  if (next() < 0.1) items.push({ key: 'nickname', name: 'nickname', children: null, args: null, optional: true });
  return items;
}

export function printInclude(items) {
  return `[${items.map((i) => i.wild ? `!${i.wild}` : i.remove ? `-${i.remove}`
    : `${i.optional ? '?' : ''}${i.key !== i.name ? `${i.key}:` : ''}${i.name}${i.args ?? ''}${i.children ? printInclude(i.children) : ''}`).join(',')}]`;
}

export function printGraphQL(items) {
  return `{ ${items.map((i) => i.wild ? `__${i.wild}` : i.remove ? `${i.remove} @exclude`
    : `${i.key !== i.name ? `${i.key}: ` : ''}${i.name}${i.args ?? ''}${i.optional ? ' @optional' : ''}${i.children ? ` ${i.children.length ? printGraphQL(i.children) : '{ __default }'}` : ''}`).join(' ')} }`;
}

/** A random selection text on `typeName`, in either syntax. */
export function randomSelection(schema, typeName, next) {
  const items = randomItems(schema, typeName, next);
  return items.length === 0 ? '[]' : next() < 0.5 ? printInclude(items) : printGraphQL(items);
}
