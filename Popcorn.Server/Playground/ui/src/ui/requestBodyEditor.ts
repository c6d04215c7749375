import type { TypeInfo } from '../api/schema';
import { h } from '../dom/element';

/** A JSON body for resources that take one (POST, PUT...), prefilled with the model's scalar fields. */
export class RequestBodyEditor {
  readonly element: HTMLElement;
  private readonly _input: HTMLTextAreaElement;
  private _forType: string | null = null;

  constructor() {
    this._input = h('textarea', { class: 'request-body', rows: 6, spellcheck: 'false', 'aria-label': 'Request body', 'data-testid': 'request-body' });
    this.element = h('section', { class: 'body-section', hidden: true }, h('h3', {}, 'Request body ', h('span', { class: 'muted' }, 'JSON')), this._input);
  }

  get value(): string {
    return this._input.value;
  }

  /** Shows the editor for a resource with a body of `type` (prefilled once per type), or hides it for null. */
  showFor(type: TypeInfo | null): void {
    this.element.hidden = type === null;
    if (type && type.name !== this._forType) {
      this._forType = type.name;
      this._input.value = JSON.stringify(sampleBody(type), null, 2);
    }
  }
}

function sampleBody(type: TypeInfo): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of type.fields) {
    // The server assigns ids; nested objects and collections are left for the user to add.
    if (field.kind !== 'scalar' || field.name === 'id') {
      continue;
    }

    const clrType = field.type.replace('?', '').toLowerCase();
    body[field.name] = field.isNullable
      ? null
      : /^(int|long|short|byte|decimal|double|float)/.test(clrType)
      ? 0
      : clrType === 'bool'
        ? false
        : field.name.charAt(0).toUpperCase() + field.name.slice(1);
  }

  return body;
}
