import { JsonEditor } from '../editor/jsonEditor';
import { variableNameCompletions, variablesDiagnostics, variablesExample } from '../editor/variablesJson';
import type { VariableDefinition } from '../query/variableDefinitions';
import { h } from '../dom/element';

/**
 * The gateway's variables: a JSON editor beside the query, checked as you type against the variables the operation
 * declares (required ones missing, values of the wrong type, names it does not declare) and completing their names.
 */
export class VariablesEditor {
  readonly element: HTMLElement;
  private readonly _editor: JsonEditor;

  constructor(onChange: () => void, definitions: () => VariableDefinition[]) {
    this._editor = new JsonEditor({
      label: 'Variables',
      testId: 'variables',
      placeholder: variablesExample,
      diagnostics: (view) => variablesDiagnostics(view, definitions()),
      completions: variableNameCompletions(definitions),
      onChange,
    });
    this.element = h(
      'section',
      { class: 'body-section', hidden: true },
      h('h3', {}, 'Variables ', h('span', { class: 'muted' }, 'JSON, for query($name: Type)')),
      this._editor.element,
    );
  }

  get text(): string {
    return this._editor.text;
  }

  set text(value: string) {
    this._editor.text = value;
  }

  show(visible: boolean): void {
    this.element.hidden = !visible;
  }

  /** Checks the values again: the query's variable definitions changed. */
  relint(): void {
    this._editor.relint();
  }

  /** The variables as an object, or undefined when the box is empty; throws on anything but a JSON object. */
  parse(): Record<string, unknown> | undefined {
    return this._editor.parseObject('variables', variablesExample);
  }
}
