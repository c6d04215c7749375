import type { GatewaySchema } from '../api/introspection';
import type { FieldInfo, ResourceInfo, RootFieldInfo, Schema, TypeInfo } from '../api/schema';
import { unknownScope, type Scope } from './scope';

/** One step of a route through the schema: the field to nest into. */
export interface PathStep {
  name: string;
  /** Arguments a gateway root field requires, written as GraphQL literals, e.g. `id: 1`. */
  arguments: string;
}

/** Name lookups over the schema, so the editor and the explorer never scan lists themselves. */
export class SchemaIndex {
  private readonly _types = new Map<string, TypeInfo>();

  /**
   * @param schema `/popcorn/schema`: models, resources, the gateway's root fields.
   * @param gateway The gateway's introspection, when it answers it: gateway mode documents what it says.
   */
  constructor(
    readonly schema: Schema,
    readonly gateway: GatewaySchema | null = null,
  ) {
    for (const type of schema.types) {
      this._types.set(type.name, type);
    }
  }

  typeNamed(name: string): TypeInfo | undefined {
    return this._types.get(name);
  }

  typeScope(name: string): Scope {
    const type = this._types.get(name);
    return type ? { kind: 'type', type } : unknownScope;
  }

  resourceNamed(name: string): ResourceInfo | undefined {
    return this.schema.resources.find((resource) => resource.name === name);
  }

  rootField(name: string): RootFieldInfo | undefined {
    return this.schema.rootFields.find((field) => field.name === name);
  }

  field(type: TypeInfo, name: string): FieldInfo | undefined {
    return type.fields.find((field) => field.name === name);
  }

  /** The scope a nested selection under field `name` of `scope` picks from. */
  scopeOfField(scope: Scope, name: string): Scope {
    if (scope.kind === 'gateway') {
      const root = this.rootField(name);
      return root ? this.typeScope(root.type) : unknownScope;
    }

    if (scope.kind === 'type') {
      const elementType = this.field(scope.type, name)?.elementType;
      return elementType ? this.typeScope(elementType) : unknownScope;
    }

    return unknownScope;
  }

  /**
   * The shortest chain of fields that leads from `from` to a selection on model type `typeName`
   * (empty when `from` already is that type), or null when no field leads there.
   */
  pathTo(from: Scope, typeName: string): PathStep[] | null {
    if (from.kind === 'type' && from.type.name === typeName) {
      return [];
    }

    const queue: { typeName: string; path: PathStep[] }[] = [];
    const seen = new Set<string>();
    if (from.kind === 'gateway') {
      for (const root of this.schema.rootFields) {
        queue.push({ typeName: root.type, path: [{ name: root.name, arguments: sampleArguments(root) }] });
      }
    } else if (from.kind === 'type') {
      queue.push({ typeName: from.type.name, path: [] });
      seen.add(from.type.name);
    }

    for (let next = queue.shift(); next; next = queue.shift()) {
      if (next.typeName === typeName) {
        return next.path;
      }

      const type = this._types.get(next.typeName);
      for (const field of type?.fields ?? []) {
        if (field.elementType && !seen.has(field.elementType)) {
          seen.add(field.elementType);
          queue.push({ typeName: field.elementType, path: [...next.path, { name: field.name, arguments: '' }] });
        }
      }
    }

    return null;
  }

  /** The root field that serves the same data as a REST resource, for moving a query to the gateway. */
  rootFieldFor(resource: ResourceInfo): RootFieldInfo | undefined {
    return (
      this.rootField(resource.name) ??
      this.schema.rootFields.find((field) => field.type === resource.type && field.isList === resource.isList)
    );
  }
}

/** Placeholder literals for a root field's required arguments, so an inserted field is runnable. */
export function sampleArguments(root: RootFieldInfo): string {
  return root.arguments
    .filter((argument) => argument.type.endsWith('!'))
    .map((argument) => `${argument.name}: ${sampleLiteral(argument.type)}`)
    .join(', ');
}

/** A literal of the argument's type to start from: `1`, `true`, `"1"` or `""`. */
export function sampleLiteral(graphQLType: string): string {
  const named = graphQLType.replace(/[![\]]/g, '');
  switch (named) {
    case 'Int':
    case 'Float':
      return '1';
    case 'Boolean':
      return 'true';
    case 'ID':
      return '"1"';
    default:
      return '""';
  }
}
