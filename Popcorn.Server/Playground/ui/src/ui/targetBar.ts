import { serverNames } from '../api/serverNames';
import type { SchemaIndex } from '../model/schemaIndex';
import { gatewayTargetName, targetName, type Target } from '../model/target';
import { displayPath } from '../model/pathTemplate';
import { h } from '../dom/element';

/** The target picker in the top bar: a resource or the gateway, plus inputs for path parameters. */
export class TargetBar {
  readonly element: HTMLElement;
  private readonly _select: HTMLSelectElement;
  private readonly _params: HTMLElement;

  constructor(
    index: SchemaIndex,
    private readonly _onChange: (name: string, params: Record<string, string>) => void,
  ) {
    const resources = index.schema.resources;
    this._select = h(
      'select',
      { 'aria-label': 'Target', 'data-testid': 'target-select', onchange: () => this._onChange(this._select.value, {}) },
      h(
        'optgroup',
        { label: 'REST resources' },
        ...resources.map((resource) => h('option', { value: resource.name }, `${resource.method} ${displayPath(resource.path)}`)),
      ),
      h('optgroup', { label: 'GraphQL gateway' }, h('option', { value: gatewayTargetName }, `POST ${serverNames().gatewayPath}`)),
    );
    this._params = h('span', { class: 'target-params' });
    this.element = h('div', { class: 'target-bar' }, this._select, this._params);
  }

  /** Shows `target` without reporting a change back. */
  show(target: Target): void {
    const name = targetName(target);
    if (name === this._select.value && this._params.dataset.resource === name) {
      // Same resource: leave the inputs (and the focus of the one being typed in) alone.
      for (const input of this._params.querySelectorAll('input')) {
        const value = target.kind === 'rest' ? (target.params[input.dataset.param!] ?? '') : '';
        if (input.value !== value && document.activeElement !== input) {
          input.value = value;
        }
      }

      return;
    }

    this._select.value = name;
    this._params.dataset.resource = name;
    this._params.replaceChildren();
    if (target.kind !== 'rest') {
      return;
    }

    for (const parameter of target.resource.parameters) {
      const input = h('input', {
        class: 'param-input',
        value: target.params[parameter.name] ?? '',
        size: 4,
        'aria-label': `Path parameter ${parameter.name}`,
        title: `${parameter.name}: ${parameter.type}`,
        'data-param': parameter.name,
        'data-testid': `param-${parameter.name}`,
        oninput: () => this._onChange(this._select.value, this.currentParams()),
      });
      this._params.append(h('label', { class: 'param' }, h('span', {}, `${parameter.name}`), input));
    }
  }

  private currentParams(): Record<string, string> {
    const params: Record<string, string> = {};
    for (const input of this._params.querySelectorAll('input')) {
      params[input.dataset.param!] = input.value;
    }

    return params;
  }
}
