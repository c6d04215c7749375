import type { TypeInfo } from '../api/schema';
import type { SchemaIndex } from '../model/schemaIndex';
import type { Target } from '../model/target';
import type { Syntax } from './syntax';

interface Node {
  name: string;
  children: Node[];
}

/**
 * A small, runnable example for a target, so the first screen already shows nesting: a few of the
 * root type's default fields plus one nested object with its own defaults.
 */
export function starterQuery(index: SchemaIndex, target: Target, syntax: Syntax): string {
  if (target.kind === 'gateway') {
    const root = index.schema.rootFields.find((field) => field.isList && field.arguments.length === 0);
    const type = root ? index.typeNamed(root.type) : undefined;
    return root && type ? print([{ name: root.name, children: exampleFields(type, index, 2, false) }], syntax) : '';
  }

  const type = index.typeNamed(target.resource.type);
  return type ? print(exampleFields(type, index, 3, true), syntax) : '';
}

function exampleFields(type: TypeInfo, index: SchemaIndex, count: number, withNesting: boolean): Node[] {
  const scalars = type.fields.filter((field) => field.kind === 'scalar');
  const preferred = scalars.filter((field) => field.isDefault);
  const nodes: Node[] = (preferred.length > 0 ? preferred : scalars).slice(0, count).map((field) => ({ name: field.name, children: [] }));
  const nested = withNesting ? type.fields.find((field) => field.kind === 'object' && field.elementType) : undefined;
  const nestedType = nested?.elementType ? index.typeNamed(nested.elementType) : undefined;
  if (nested && nestedType) {
    nodes.push({ name: nested.name, children: exampleFields(nestedType, index, 2, false) });
  }

  return nodes;
}

function print(nodes: Node[], syntax: Syntax): string {
  if (syntax === 'include') {
    return `[${nodes.map((node) => node.name + (node.children.length ? print(node.children, syntax) : '')).join(',')}]`;
  }

  return `{ ${nodes.map((node) => node.name + (node.children.length ? ` ${print(node.children, syntax)}` : '')).join(' ')} }`;
}
