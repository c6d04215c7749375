import { RangeSetBuilder } from '@codemirror/state';
import { Decoration, type DecorationSet, type EditorView, ViewPlugin, type ViewUpdate, WidgetType } from '@codemirror/view';

/** An invisible `<wbr>`: a place the browser may wrap a line, not a character of the query. */
class BreakOpportunity extends WidgetType {
  override eq(): boolean {
    return true;
  }

  toDOM(): HTMLElement {
    return document.createElement('wbr');
  }
}

const afterComma = Decoration.widget({ widget: new BreakOpportunity(), side: 1 });

/**
 * Include queries are usually one long line like `[id,firstName,manager[firstName]]`, where the
 * browser finds no place to wrap (a comma between letters is not one) and cuts names in half.
 * A break opportunity after each comma makes long lines wrap between fields.
 */
export const includeLineBreaks = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;

    constructor(view: EditorView) {
      this.decorations = breaksIn(view);
    }

    update(update: ViewUpdate): void {
      if (update.docChanged || update.viewportChanged) {
        this.decorations = breaksIn(update.view);
      }
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

function breaksIn(view: EditorView): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  for (const { from, to } of view.visibleRanges) {
    const text = view.state.doc.sliceString(from, to);
    for (let comma = text.indexOf(','); comma >= 0; comma = text.indexOf(',', comma + 1)) {
      builder.add(from + comma + 1, from + comma + 1, afterComma);
    }
  }

  return builder.finish();
}
