import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap, type CompletionSource } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { syntaxHighlighting } from '@codemirror/language';
import { forceLinting, linter, lintKeymap, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { h } from '../dom/element';
import { playgroundHighlightStyle } from './highlightStyle';
import { notAnObject, parseJsonObject } from './jsonObject';
import { recheck, recheckRequested } from './recheck';

export interface JsonEditorOptions {
  /** The accessible name and the test id of the editable area. */
  label: string;
  testId: string;
  placeholder: string;
  /** The checks: JSON syntax and whatever the box's values must satisfy. */
  diagnostics: (view: EditorView) => Diagnostic[];
  completions?: CompletionSource;
  /** The user edited the text (not called when the page replaces it). */
  onChange: () => void;
}

/**
 * A small JSON editor for the boxes beside the query (variables, headers): highlighting, bracket closing, checks as
 * you type listed under the box as well as marked in it (so they are read out and visible without hovering),
 * optional completion.
 */
export class JsonEditor {
  readonly element: HTMLElement;
  readonly view: EditorView;
  private readonly _problems: HTMLElement;
  private _replacing = false;

  constructor(options: JsonEditorOptions) {
    const host = h('div', { class: 'json-box' });
    this._problems = h('ul', { class: 'json-box-problems', 'data-testid': `${options.testId}-problems`, 'aria-live': 'polite' });
    this.element = h('div', {}, host, this._problems);
    this.view = new EditorView({
      parent: host,
      state: EditorState.create({
        extensions: [
          history(),
          closeBrackets(),
          json(),
          syntaxHighlighting(playgroundHighlightStyle),
          options.completions ? autocompletion({ override: [options.completions], icons: false }) : [],
          linter(
            (view) => {
              const diagnostics = options.diagnostics(view);
              this._problems.replaceChildren(...diagnostics.map((diagnostic) => h('li', {}, diagnostic.message)));
              return diagnostics;
            },
            { delay: 200, needsRefresh: recheckRequested },
          ),
          placeholder(options.placeholder),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, ...lintKeymap]),
          EditorView.contentAttributes.of({ 'aria-label': options.label, 'data-testid': options.testId }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !this._replacing) {
              options.onChange();
            }
          }),
        ],
      }),
    });
  }

  get text(): string {
    return this.view.state.doc.toString();
  }

  /** Replaces the text without reporting a change, as setting a text box's value does. */
  set text(value: string) {
    this._replacing = true;
    try {
      this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: value } });
    } finally {
      this._replacing = false;
    }
  }

  /** Checks again now: what the text is checked against changed. */
  relint(): void {
    this.view.dispatch({ effects: recheck.of(null) });
    forceLinting(this.view);
  }

  /** The text as a JSON object, or undefined when empty; throws with `what` named on anything but an object. */
  parseObject(what: string, example: string): Record<string, unknown> | undefined {
    const text = this.text.trim();
    if (text === '') {
      return undefined;
    }

    const read = parseJsonObject(text);
    switch (read.kind) {
      case 'object':
        return read.value;
      case 'invalid':
        throw new Error(`The ${what} are not valid JSON: ${read.error}`);
      case 'other':
        throw new Error(notAnObject(what, example));
    }
  }
}
