import type { TypeInfo } from '../api/schema';

/**
 * What a selection set picks from: a model type, the gateway's root fields, or something the
 * schema can't tell (a misspelled field, a scalar, a wildcard) where no field names are offered.
 */
export type Scope = { kind: 'type'; type: TypeInfo } | { kind: 'gateway' } | { kind: 'unknown' };

export const unknownScope: Scope = { kind: 'unknown' };
export const gatewayScope: Scope = { kind: 'gateway' };

export function sameScope(a: Scope, b: Scope): boolean {
  if (a.kind === 'type' && b.kind === 'type') {
    return a.type.name === b.type.name;
  }

  return a.kind === b.kind && a.kind !== 'unknown';
}
