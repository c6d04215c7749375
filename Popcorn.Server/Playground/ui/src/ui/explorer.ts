import type { GatewayInputType, GatewayInputValue } from '../api/introspection';
import { rootArguments, type FieldInfo, type ResourceInfo, type RootFieldInfo, type TypeInfo } from '../api/schema';
import { serverNames } from '../api/serverNames';
import type { SchemaIndex } from '../model/schemaIndex';
import { gatewayTargetName } from '../model/target';
import { displayPath } from '../model/pathTemplate';
import { h } from '../dom/element';

export interface ExplorerHandlers {
  /** A model field was clicked: add it to the query. */
  onPickField(type: TypeInfo, field: FieldInfo): void;
  /** A gateway root field was clicked: add it to the query (switching to the gateway if needed). */
  onPickRootField(root: RootFieldInfo): void;
  /** A resource (or the gateway, by its target name) was clicked: make it the target. */
  onPickTarget(name: string): void;
}

/**
 * The model explorer: REST resources, the gateway's root fields, and every model type with its
 * fields, their kinds, types, Default/Always badges and descriptions. A filter narrows all three.
 */
export class Explorer {
  readonly element: HTMLElement;
  private readonly _types = new Map<string, HTMLDetailsElement>();
  private readonly _targets = new Map<string, HTMLElement>();
  private readonly _filter: HTMLInputElement;
  private readonly _noMatch: HTMLElement;
  private readonly _inputTypeNames: Set<string>;

  constructor(
    private readonly _index: SchemaIndex,
    private readonly _handlers: ExplorerHandlers,
  ) {
    this._filter = h('input', {
      type: 'search',
      class: 'explorer-filter',
      placeholder: 'Filter types and fields',
      'aria-label': 'Filter types and fields',
      'data-testid': 'explorer-filter',
      oninput: () => this.applyFilter(),
    });
    this._noMatch = h('p', { class: 'explorer-empty', 'data-testid': 'explorer-empty', role: 'status', hidden: true });
    const schema = _index.schema;
    // What a gateway client writes in arguments (filters, sorts, mutation inputs, enums), from its introspection.
    const inputTypes = _index.gateway?.inputTypes ?? [];
    this._inputTypeNames = new Set(inputTypes.map((type) => type.name));
    this.element = h(
      'nav',
      { class: 'explorer', 'data-testid': 'explorer', 'aria-label': 'Model explorer' },
      this._filter,
      this._noMatch,
      h('h2', {}, 'REST resources'),
      h('ul', { class: 'explorer-list' }, ...schema.resources.map((resource) => this.resourceRow(resource))),
      h('h2', {}, 'GraphQL gateway'),
      h('ul', { class: 'explorer-list' }, this.gatewayRow(), ...schema.rootFields.map((root) => this.rootFieldRow(root))),
      h('h2', {}, 'Types'),
      ...schema.types.map((type) => this.typeSection(type)),
      inputTypes.length ? h('h2', {}, 'GraphQL input types') : null,
      ...inputTypes.map((type) => this.inputTypeSection(type)),
    );
  }

  /** Marks the current target and opens its model type, so the fields to pick are in view. */
  showTarget(targetName: string, rootTypeName: string | null): void {
    for (const [name, row] of this._targets) {
      row.classList.toggle('is-active', name === targetName);
    }

    if (rootTypeName) {
      const section = this._types.get(rootTypeName);
      if (section) {
        section.open = true;
      }
    }
  }

  /** Opens a type's section and scrolls it into view. */
  revealType(name: string): void {
    const section = this._types.get(name);
    if (section) {
      section.open = true;
      section.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    }
  }

  private resourceRow(resource: ResourceInfo): HTMLElement {
    const row = h(
      'li',
      {},
      h(
        'button',
        {
          class: 'explorer-target',
          type: 'button',
          title: `Send the query to ${resource.method} ${displayPath(resource.path)}`,
          'data-testid': `explorer-resource-${resource.name}`,
          onclick: () => this._handlers.onPickTarget(resource.name),
        },
        h('span', { class: `method method-${resource.method.toLowerCase()}` }, resource.method),
        h('span', { class: 'path' }, displayPath(resource.path)),
      ),
      this.typeLink(resource.isList ? `[${resource.type}]` : resource.type, resource.type),
    );
    this._targets.set(resource.name, row);
    return row;
  }

  private gatewayRow(): HTMLElement {
    const row = h(
      'li',
      {},
      h(
        'button',
        {
          class: 'explorer-target',
          type: 'button',
          title: 'Send the query to the GraphQL gateway',
          'data-testid': 'explorer-gateway',
          onclick: () => this._handlers.onPickTarget(gatewayTargetName),
        },
        h('span', { class: 'method method-post' }, 'POST'),
        h('span', { class: 'path' }, serverNames().gatewayPath),
      ),
      h('span', { class: 'field-type' }, 'root fields:'),
    );
    this._targets.set(gatewayTargetName, row);
    return row;
  }

  private rootFieldRow(root: RootFieldInfo): HTMLElement {
    const all = rootArguments(root);
    const args = all.length ? `(${all.map((a) => `${a.name}: ${a.type}`).join(', ')})` : '';
    return h(
      'li',
      {},
      h(
        'button',
        {
          class: 'field-name',
          type: 'button',
          title: root.description ?? 'Add to the gateway query',
          'data-testid': `explorer-root-${root.name}`,
          onclick: () => this._handlers.onPickRootField(root),
        },
        root.name,
        h('span', { class: 'arguments' }, args),
      ),
      this.typeLink(root.isList ? `[${root.type}]` : root.type, root.type),
    );
  }

  private typeSection(type: TypeInfo): HTMLDetailsElement {
    const section = h(
      'details',
      { class: 'type', 'data-testid': `explorer-type-${type.name}`, 'data-type': type.name },
      h(
        'summary',
        {},
        h('span', { class: 'type-name' }, type.name),
        h('span', { class: 'type-count' }, `${type.fields.length} fields`),
      ),
      type.description ? h('p', { class: 'description' }, type.description) : null,
      h('ul', { class: 'fields' }, ...type.fields.map((field) => this.fieldRow(type, field))),
    );
    this._types.set(type.name, section);
    return section;
  }

  private fieldRow(type: TypeInfo, field: FieldInfo): HTMLElement {
    return h(
      'li',
      { class: 'field', 'data-field': field.name },
      h(
        'div',
        { class: 'field-line' },
        h(
          'button',
          {
            class: 'field-name',
            type: 'button',
            title: 'Add to the query at the cursor',
            'data-testid': `explorer-field-${type.name}-${field.name}`,
            onclick: () => this._handlers.onPickField(type, field),
          },
          field.name,
        ),
        field.arguments?.length
          ? h('span', { class: 'arguments', title: 'The arguments this list takes, e.g. orders(first: 5)[id]' }, `(${field.arguments.join(', ')})`)
          : null,
        field.elementType ? this.typeLink(field.type, field.elementType) : h('span', { class: 'field-type' }, field.type),
        h('span', { class: `kind kind-${field.kind}` }, field.kind),
        field.isAlways ? h('span', { class: 'badge badge-always', title: 'Always written, whatever the selection' }, 'Always') : null,
        field.isDefault ? h('span', { class: 'badge badge-default', title: 'Written when the selection asks for the defaults' }, 'Default') : null,
        field.isSortable ? h('span', { class: 'badge badge-sortable', title: 'A list of this type may be ordered by it (orderBy)' }, 'Sortable') : null,
        field.isFilterable ? h('span', { class: 'badge badge-filterable', title: 'A list of this type may be filtered by it (where)' }, 'Filterable') : null,
      ),
      field.description ? h('p', { class: 'description' }, field.description) : null,
      field.subPropertyDefault
        ? h('p', { class: 'description' }, 'Named alone, it selects ', h('code', {}, field.subPropertyDefault))
        : null,
    );
  }

  /** An input object's fields or an enum's values, each under its name, in the sections the filter narrows. */
  private inputTypeSection(type: GatewayInputType): HTMLDetailsElement {
    const isEnum = type.kind === 'ENUM';
    const section = h(
      'details',
      { class: 'type', 'data-testid': `explorer-input-${type.name}`, 'data-type': type.name },
      h(
        'summary',
        {},
        h('span', { class: 'type-name' }, type.name),
        h('span', { class: 'type-count' }, isEnum ? `enum, ${type.values.length} values` : `input, ${type.values.length} fields`),
      ),
      type.description ? h('p', { class: 'description' }, type.description) : null,
      h('ul', { class: 'fields' }, ...type.values.map((value) => this.inputValueRow(value))),
    );
    this._types.set(type.name, section);
    return section;
  }

  private inputValueRow(value: GatewayInputValue): HTMLElement {
    const named = value.type.replace(/[[\]!]/g, '');
    return h(
      'li',
      { class: 'field', 'data-field': value.name },
      h(
        'div',
        { class: 'field-line' },
        h('code', { class: 'input-name' }, value.name),
        value.type ? this.typeLink(value.type, named) : null,
      ),
      value.description ? h('p', { class: 'description' }, value.description) : null,
    );
  }

  private typeLink(label: string, typeName: string): HTMLElement {
    if (!this._index.typeNamed(typeName) && !this._inputTypeNames.has(typeName)) {
      return h('span', { class: 'field-type' }, label);
    }

    return h(
      'button',
      { class: 'field-type type-link', type: 'button', title: `Show ${typeName}`, onclick: () => this.revealType(typeName) },
      label,
    );
  }

  private applyFilter(): void {
    const needle = this._filter.value.trim().toLowerCase();
    let anyShown = false;
    for (const [name, section] of this._types) {
      const typeMatches = name.toLowerCase().includes(needle);
      let anyField = false;
      for (const row of section.querySelectorAll<HTMLElement>('.field')) {
        const matches = needle === '' || typeMatches || row.dataset.field!.toLowerCase().includes(needle);
        row.hidden = !matches;
        anyField ||= matches;
      }

      section.hidden = needle !== '' && !anyField;
      anyShown ||= !section.hidden;
      if (needle !== '' && anyField) {
        section.open = true;
      }
    }

    for (const list of this.element.querySelectorAll<HTMLElement>('.explorer-list')) {
      let anyItem = false;
      for (const item of list.querySelectorAll<HTMLElement>(':scope > li')) {
        item.hidden = needle !== '' && !item.textContent!.toLowerCase().includes(needle);
        anyItem ||= !item.hidden;
      }

      // A heading over an emptied list is noise: hide both.
      list.hidden = !anyItem;
      (list.previousElementSibling as HTMLElement).hidden = !anyItem;
      anyShown ||= anyItem;
    }

    // With every heading hidden the pane would be blank, which reads as a broken page.
    this._noMatch.hidden = anyShown;
    this._noMatch.textContent = anyShown ? '' : `No type, field or resource matches “${this._filter.value.trim()}”.`;
  }
}
