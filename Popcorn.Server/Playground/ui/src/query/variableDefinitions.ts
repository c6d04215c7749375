/** One `$name: Type = default` of an operation, as written. */
export interface VariableDefinition {
  name: string;
  /** GraphQL type notation, e.g. `Int!` or `[String]`. */
  type: string;
  hasDefault: boolean;
}

/**
 * The variables the document's first operation declares (`query Name($id: Int!, $n: Int = 3) { ... }`), read from
 * the text alone so the variables box can be checked while the query is still being written; none for a bare
 * `{ ... }`, the include syntax, or a header that does not parse.
 */
export function variableDefinitions(query: string): VariableDefinition[] {
  const header = /^\s*(?:#[^\n]*\n\s*)*(?:query|mutation|subscription)\b[^({]*\(/.exec(query);
  if (!header) {
    return [];
  }

  const close = query.indexOf(')', header[0].length);
  const list = query.slice(header[0].length, close < 0 ? query.length : close);
  const definitions: VariableDefinition[] = [];
  // Commas are optional in GraphQL, so a definition ends where the next `$`, a default, a directive or a comma starts.
  for (const match of list.matchAll(/\$(\w+)\s*:\s*([\w[\]!\s]+?)\s*(?=[=,$@]|$)/g)) {
    const after = match.index + match[0].length;
    definitions.push({ name: match[1], type: match[2].replace(/\s+/g, ''), hasDefault: list[after] === '=' });
  }

  return definitions;
}
