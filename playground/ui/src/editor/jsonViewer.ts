import { json } from '@codemirror/lang-json';
import { foldGutter, syntaxHighlighting } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { playgroundHighlightStyle } from './highlightStyle';

/** A read-only, highlighted and foldable view of a response body. */
export class JsonViewer {
  private readonly _view: EditorView;

  constructor(parent: HTMLElement) {
    this._view = new EditorView({
      parent,
      state: EditorState.create({
        doc: '',
        extensions: [
          json(),
          syntaxHighlighting(playgroundHighlightStyle),
          foldGutter(),
          EditorState.readOnly.of(true),
          EditorView.editable.of(false),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': 'Response body', 'data-testid': 'response-body' }),
        ],
      }),
    });
  }

  /** Shows `body` pretty-printed when it is JSON, as it came otherwise. */
  show(body: string): void {
    this._view.dispatch({ changes: { from: 0, to: this._view.state.doc.length, insert: prettyJson(body) } });
  }
}

export function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
