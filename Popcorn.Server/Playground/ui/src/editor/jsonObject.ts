import { jsonParseLinter } from '@codemirror/lang-json';
import type { Diagnostic } from '@codemirror/lint';
import type { EditorView } from '@codemirror/view';

/** What a JSON box's text is: an object (what the boxes take), JSON of another kind, or not JSON at all. */
export type JsonObjectText =
  | { kind: 'object'; value: Record<string, unknown> }
  | { kind: 'other' }
  | { kind: 'invalid'; error: string };

/** Reads a box's text; the variables and headers boxes both take a JSON object and nothing else. */
export function parseJsonObject(text: string): JsonObjectText {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'invalid', error: error instanceof Error ? error.message : String(error) };
  }

  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { kind: 'object', value: value as Record<string, unknown> } : { kind: 'other' };
}

/** The message for JSON that is not an object, e.g. "The headers must be a JSON object, e.g. { ... }." */
export function notAnObject(what: string, example: string): string {
  return `The ${what} must be a JSON object, e.g. ${example}.`;
}

/**
 * For a box's linter: the (non-empty) text as an object, or the diagnostics saying why it is not one: the JSON
 * parser's own, with its position, or "must be a JSON object" over the whole text.
 */
export function lintJsonObject(view: EditorView, what: string, example: string): Record<string, unknown> | Diagnostic[] {
  const text = view.state.doc.toString();
  const read = parseJsonObject(text);
  switch (read.kind) {
    case 'object':
      return read.value;
    case 'invalid':
      return jsonParseLinter()(view);
    case 'other':
      return [{ from: 0, to: text.length, severity: 'error', message: notAnObject(what, example) }];
  }
}
