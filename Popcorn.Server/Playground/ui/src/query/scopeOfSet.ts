import type { SchemaIndex } from '../model/schemaIndex';
import { unknownScope, type Scope } from '../model/scope';
import type { SelectionSet } from './outline';

/**
 * Resolves what a selection set picks from by walking up its enclosing fields to the query's
 * root, whose scope the target decides (the resource's type, or the gateway's root fields).
 */
export function scopeOfSet(set: SelectionSet, rootScope: Scope, index: SchemaIndex): Scope {
  if (set.typeCondition === 'inherit') {
    return set.parent ? scopeOfSet(set.parent, rootScope, index) : rootScope;
  }

  if (set.typeCondition) {
    return index.typeScope(set.typeCondition);
  }

  if (set.owner) {
    return index.scopeOfField(scopeOfSet(set.owner.set, rootScope, index), set.owner.name);
  }

  // A bracket with no field before it, nested in another set, selects from nothing we know.
  return set.parent ? unknownScope : rootScope;
}
