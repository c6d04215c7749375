import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { syntaxHighlighting } from '@codemirror/language';
import { forceLinting, linter, lintKeymap } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { playgroundHighlightStyle } from '../editor/highlightStyle';
import { recheck, recheckRequested } from '../editor/recheck';
import { variableNameCompletions, variablesDiagnostics } from '../editor/variablesJson';
import type { VariableDefinition } from '../query/variableDefinitions';
import { h } from './dom';

/**
 * The gateway's variables: a JSON editor beside the query, checked as you type against the variables the operation
 * declares (required ones missing, values of the wrong type, names it does not declare) and completing their names.
 */
export class VariablesEditor {
  readonly element: HTMLElement;
  private readonly _view: EditorView;
  /** Set while the page itself replaces the text (restoring state), which is not the user's edit. */
  private _replacing = false;
  private readonly _problems = h('ul', { class: 'variables-problems', 'data-testid': 'variables-problems', 'aria-live': 'polite' });

  constructor(onChange: () => void, definitions: () => VariableDefinition[]) {
    const host = h('div', { class: 'variables-host' });
    this.element = h(
      'section',
      { class: 'body-section', hidden: true },
      h('h3', {}, 'Variables ', h('span', { class: 'muted' }, 'JSON, for query($name: Type)')),
      host,
      this._problems,
    );
    this._view = new EditorView({
      parent: host,
      state: EditorState.create({
        extensions: [
          history(),
          closeBrackets(),
          json(),
          syntaxHighlighting(playgroundHighlightStyle),
          autocompletion({ override: [variableNameCompletions(definitions)], icons: false }),
          linter((view) => {
            const diagnostics = variablesDiagnostics(view, definitions());
            this._problems.replaceChildren(...diagnostics.map((diagnostic) => h('li', {}, diagnostic.message)));
            return diagnostics;
          }, { delay: 200, needsRefresh: recheckRequested }),
          placeholder('{ "id": 3 }'),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, ...lintKeymap]),
          EditorView.contentAttributes.of({ 'aria-label': 'Variables', 'data-testid': 'variables' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !this._replacing) {
              onChange();
            }
          }),
        ],
      }),
    });
  }

  get text(): string {
    return this._view.state.doc.toString();
  }

  /** Replaces the text without reporting a change, as setting a text box's value does. */
  set text(value: string) {
    this._replacing = true;
    try {
      this._view.dispatch({ changes: { from: 0, to: this._view.state.doc.length, insert: value } });
    } finally {
      this._replacing = false;
    }
  }

  show(visible: boolean): void {
    this.element.hidden = !visible;
  }

  /** Checks the values again: the query's variable definitions changed. */
  relint(): void {
    this._view.dispatch({ effects: recheck.of(null) });
    forceLinting(this._view);
  }

  /** The variables as an object, or undefined when the box is empty; throws on anything but a JSON object. */
  parse(): Record<string, unknown> | undefined {
    const text = this.text.trim();
    if (text === '') {
      return undefined;
    }

    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new Error(`The variables are not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }

    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new Error('The variables must be a JSON object, e.g. { "id": 3 }.');
    }

    return value as Record<string, unknown>;
  }
}
