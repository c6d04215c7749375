import { h } from './dom';

/** The gateway's variables: a JSON object sent beside the query, for documents that declare `$name`s. */
export class VariablesEditor {
  readonly element: HTMLElement;
  private readonly _input: HTMLTextAreaElement;

  constructor(onChange: () => void) {
    this._input = h('textarea', {
      class: 'request-body',
      rows: 3,
      spellcheck: 'false',
      placeholder: '{ "id": 3 }',
      'aria-label': 'Variables',
      'data-testid': 'variables',
      oninput: onChange,
    });
    this.element = h(
      'section',
      { class: 'body-section', hidden: true },
      h('h3', {}, 'Variables ', h('span', { class: 'muted' }, 'JSON, for query($name: Type)')),
      this._input,
    );
  }

  get text(): string {
    return this._input.value;
  }

  set text(value: string) {
    this._input.value = value;
  }

  show(visible: boolean): void {
    this.element.hidden = !visible;
  }

  /** The variables as an object, or undefined when the box is empty; throws on anything but a JSON object. */
  parse(): Record<string, unknown> | undefined {
    const text = this._input.value.trim();
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
