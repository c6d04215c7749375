import type { VariableDefinition } from '../query/variableDefinitions';

/** A problem with the variables box; `name` is the variable it is about, to point at its key. */
export interface VariableProblem {
  name: string | null;
  message: string;
}

/**
 * Checks variable values against the operation's definitions the way the server will coerce them (the spec's
 * input coercion for the built-in scalars, lists and non-null): a required variable missing, a value of the wrong
 * type, a name the operation does not declare. Types the page cannot see into (input objects, enums, custom
 * scalars) are left to the server.
 */
export function checkVariables(values: Record<string, unknown>, definitions: VariableDefinition[]): VariableProblem[] {
  const problems: VariableProblem[] = [];
  for (const definition of definitions) {
    const value = values[definition.name];
    if (value === undefined) {
      if (definition.type.endsWith('!') && !definition.hasDefault) {
        problems.push({ name: null, message: `Variable "$${definition.name}" of required type "${definition.type}" was not provided.` });
      }

      continue;
    }

    const reason = invalidFor(definition.type, value);
    if (reason) {
      problems.push({ name: definition.name, message: `Variable "$${definition.name}" got invalid value ${JSON.stringify(value)}; ${reason}.` });
    }
  }

  const declared = new Set(definitions.map((definition) => definition.name));
  for (const name of Object.keys(values)) {
    if (!declared.has(name)) {
      problems.push({ name, message: `Variable "$${name}" is not declared by the operation.` });
    }
  }

  return problems;
}

/** Why `value` cannot be coerced to `type`, or null when it can (or the page cannot tell). */
function invalidFor(type: string, value: unknown): string | null {
  if (type.endsWith('!')) {
    return value === null ? `expected non-nullable type "${type}" not to be null` : invalidFor(type.slice(0, -1), value);
  }

  if (value === null) {
    return null;
  }

  if (type.startsWith('[') && type.endsWith(']')) {
    const element = type.slice(1, -1);
    // A single value is coerced to a list of one, as the spec's input coercion says.
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      const reason = invalidFor(element, item);
      if (reason) {
        return reason;
      }
    }

    return null;
  }

  switch (type) {
    case 'Int':
      return Number.isInteger(value) && (value as number) >= -2147483648 && (value as number) <= 2147483647
        ? null
        : 'Int cannot represent a non 32-bit integer value';
    case 'Float':
      return typeof value === 'number' ? null : 'Float cannot represent a non numeric value';
    case 'String':
      return typeof value === 'string' ? null : 'String cannot represent a non string value';
    case 'Boolean':
      return typeof value === 'boolean' ? null : 'Boolean cannot represent a non boolean value';
    case 'ID':
      return typeof value === 'string' || Number.isInteger(value) ? null : 'ID cannot represent a non string and non integer value';
    default:
      return null;
  }
}
