import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import type { Diagnostic } from '@codemirror/lint';
import type { EditorView } from '@codemirror/view';
import type { VariableDefinition } from '../query/variableDefinitions';
import { checkVariables } from '../run/variableValues';
import { lintJsonObject } from './jsonObject';

export const variablesExample = '{ "id": 3 }';

/**
 * The variables box's checks: JSON syntax first (with the parser's position), then the values against the
 * operation's variable definitions, each problem under the key it is about (or the opening brace).
 */
export function variablesDiagnostics(view: EditorView, definitions: VariableDefinition[]): Diagnostic[] {
  const text = view.state.doc.toString();
  if (text.trim() === '') {
    return definitions.some((definition) => definition.type.endsWith('!') && !definition.hasDefault)
      ? checkVariables({}, definitions).map((problem) => ({ from: 0, to: 0, severity: 'error', message: problem.message }))
      : [];
  }

  const value = lintJsonObject(view, 'variables', variablesExample);
  if (Array.isArray(value)) {
    return value;
  }

  const start = Math.max(0, text.indexOf('{'));
  return checkVariables(value, definitions).map((problem) => {
    const key = problem.name === null ? null : keySpan(text, problem.name);
    return { from: key?.from ?? start, to: key?.to ?? start + 1, severity: 'error', message: problem.message };
  });
}

/** Where a key is expected (after `{` or `,`), the declared variables not written yet, as `"name": `. */
export function variableNameCompletions(definitions: () => VariableDefinition[]) {
  return (context: CompletionContext): CompletionResult | null => {
    const word = context.matchBefore(/"?\w*/);
    if (!word) {
      return null;
    }

    const before = context.state.doc.sliceString(0, word.from).trimEnd();
    if (!before.endsWith('{') && !before.endsWith(',')) {
      return null;
    }

    const text = context.state.doc.toString();
    const options: Completion[] = definitions()
      .filter((definition) => keySpan(text, definition.name) === null)
      .map((definition) => ({ label: `"${definition.name}"`, detail: definition.type, type: 'variable', apply: `"${definition.name}": ` }));
    return options.length > 0 || context.explicit ? { from: word.from, options, validFor: /^"?\w*$/ } : null;
  };
}

/** The span of `"name"` used as a key in the JSON text, or null when it is not there. */
function keySpan(text: string, name: string): { from: number; to: number } | null {
  const match = new RegExp(`"${name}"\\s*:`).exec(text);
  return match ? { from: match.index, to: match.index + name.length + 2 } : null;
}
