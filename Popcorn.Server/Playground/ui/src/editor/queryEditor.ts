import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, syntaxHighlighting } from '@codemirror/language';
import { forceLinting, lintGutter, lintKeymap } from '@codemirror/lint';
import { Compartment, EditorSelection, EditorState, type Extension, Prec } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  placeholder,
} from '@codemirror/view';
import type { SelectionCost } from '../api/normalize';
import type { Problem } from '../api/problem';
import type { Syntax } from '../query/syntax';
import { selectionCompletions } from './completion';
import { selectionHoverDocs } from './hoverDocs';
import type { EditorEnvironment } from './editorEnvironment';
import { graphqlLanguage } from './graphqlLanguage';
import { playgroundHighlightStyle } from './highlightStyle';
import { includeLanguage } from './includeLanguage';
import { includeLineBreaks } from './includeLineBreaks';
import { recheck } from './recheck';
import { serverLint } from './serverLint';

export interface QueryEditorOptions {
  doc: string;
  syntax: Syntax;
  environment: () => EditorEnvironment;
  onChange: (text: string) => void;
  onRun: () => void;
  onPrettify: () => void;
  /** Every check's verdict: the problems found (all marked in the editor), and the estimated cost when the server gave one. */
  onVerdict: (problems: Problem[], cost: SelectionCost | null) => void;
}

/** The CodeMirror editor the selection is written in, with the few operations the page needs. */
export class QueryEditor {
  readonly view: EditorView;
  private readonly _language = new Compartment();
  private _syntax: Syntax;

  constructor(parent: HTMLElement, options: QueryEditorOptions) {
    this._syntax = options.syntax;
    const runKeys = keymap.of([
      {
        key: 'Mod-Enter',
        run: () => {
          options.onRun();
          return true;
        },
      },
      {
        key: 'Shift-Mod-p',
        run: () => {
          options.onPrettify();
          return true;
        },
      },
    ]);
    this.view = new EditorView({
      parent,
      state: EditorState.create({
        doc: options.doc,
        extensions: [
          Prec.highest(runKeys),
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          history(),
          drawSelection(),
          bracketMatching(),
          closeBrackets(),
          EditorView.lineWrapping,
          this._language.of(languageFor(options.syntax)),
          syntaxHighlighting(playgroundHighlightStyle),
          autocompletion({ override: [selectionCompletions(options.environment)], icons: false }),
          selectionHoverDocs(options.environment),
          serverLint(options.environment, options.onVerdict),
          lintGutter(),
          placeholder('Leave empty for the default fields, or write [id,firstName] or { id firstName }'),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, ...lintKeymap]),
          EditorView.contentAttributes.of({ 'aria-label': 'Query', 'data-testid': 'query-input' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) {
              options.onChange(update.state.doc.toString());
            }
          }),
        ],
      }),
    });
  }

  get text(): string {
    return this.view.state.doc.toString();
  }

  get cursor(): number {
    return this.view.state.selection.main.head;
  }

  get syntax(): Syntax {
    return this._syntax;
  }

  /** Switches highlighting (and so bracket closing) to the other syntax; the text is left alone. */
  setSyntax(syntax: Syntax): void {
    if (syntax !== this._syntax) {
      this._syntax = syntax;
      this.view.dispatch({ effects: this._language.reconfigure(languageFor(syntax)) });
    }
  }

  /** Replaces the whole query, as one undoable change, with the cursor at the end. */
  setText(text: string): void {
    this.view.dispatch({
      changes: { from: 0, to: this.view.state.doc.length, insert: text },
      selection: EditorSelection.cursor(text.length),
    });
  }

  /** Applies one edit and puts the cursor where the edit says, keeping focus in the editor. */
  applyEdit(from: number, to: number, insert: string, cursor: number): void {
    this.view.dispatch({ changes: { from, to, insert }, selection: EditorSelection.cursor(cursor), scrollIntoView: true });
    this.view.focus();
  }

  /**
   * Re-checks the query although its text has not changed, e.g. after the target (and so the
   * checked type) changed: now, or after the usual pause when `soon` (a box still being typed in).
   */
  relint(soon = false): void {
    this.view.dispatch({ effects: recheck.of(null) });
    if (!soon) {
      forceLinting(this.view);
    }
  }
}

function languageFor(syntax: Syntax): Extension {
  return syntax === 'include' ? [includeLanguage, includeLineBreaks] : graphqlLanguage;
}
