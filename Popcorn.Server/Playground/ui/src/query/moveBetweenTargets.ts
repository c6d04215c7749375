import type { ResourceInfo } from '../api/schema';
import { sampleLiteral, type SchemaIndex } from '../model/schemaIndex';
import { rootSet } from './outline';
import { outlineOf } from './outlineOf';
import type { Syntax } from './syntax';

/**
 * Carries a REST selection over to the gateway by nesting it under the root field that serves the
 * same data (`[id]` on /api/employees/3 becomes `[employee(id: 3)[id]]`). Text that is not one
 * plain selection set (a document with fragments, say) is returned unchanged.
 */
export function toGatewayQuery(
  text: string,
  syntax: Syntax,
  resource: ResourceInfo,
  params: Record<string, string>,
  index: SchemaIndex,
): string {
  const root = index.rootFieldFor(resource);
  if (!root) {
    return text;
  }

  // Path parameters carry over by name; other required arguments get a placeholder to edit.
  const args = root.arguments
    .filter((argument) => params[argument.name] !== undefined || argument.type.endsWith('!'))
    .map((argument) => {
      const value = params[argument.name];
      return `${argument.name}: ${value !== undefined ? literal(value) : sampleLiteral(argument.type)}`;
    })
    .join(', ');
  const head = args ? `${root.name}(${args})` : root.name;
  const trimmed = text.trim();
  if (trimmed === '') {
    return syntax === 'include' ? `[${head}]` : `{ ${head} }`;
  }

  if (!isSingleSet(trimmed, syntax)) {
    return text;
  }

  return syntax === 'include' ? `[${head}${trimmed}]` : `{ ${head} ${trimmed} }`;
}

/**
 * Takes a gateway query that asks one root field back to that field's own selection, for a REST
 * resource (`{ employee(id: 3) { id } }` becomes `{ id }`); anything else is returned unchanged.
 */
export function toRestQuery(text: string, syntax: Syntax): string {
  const trimmed = text.trim();
  if (!isSingleSet(trimmed, syntax)) {
    return text;
  }

  const root = rootSet(outlineOf(trimmed, syntax))!;
  const fields = root.items.filter((item) => !item.isSpread);
  const children = fields.length === 1 && root.items.length === 1 ? fields[0]!.children : null;
  return children?.close != null ? trimmed.slice(children.open, children.close + 1) : text;
}

function isSingleSet(trimmed: string, syntax: Syntax): boolean {
  const root = rootSet(outlineOf(trimmed, syntax));
  return root !== null && root.open === 0 && root.close === trimmed.length - 1;
}

/** A path parameter as a GraphQL literal: numbers and booleans bare, anything else quoted. */
function literal(value: string): string {
  return /^-?\d+(\.\d+)?$/.test(value) || value === 'true' || value === 'false' ? value : JSON.stringify(value);
}
