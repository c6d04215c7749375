type Child = Node | string | null | undefined | false;
type Attributes = Record<string, string | number | boolean | EventListener | null | undefined>;

/**
 * Creates an element: `h('button', { class: 'run', onclick: run }, 'Run')`. Keys starting with
 * `on` bind listeners, `true` sets a boolean attribute, null/undefined/false leave it out.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') {
      element.addEventListener(name.slice(2), value);
    } else if (value === true) {
      element.setAttribute(name, '');
    } else if (value !== null && value !== undefined && value !== false) {
      element.setAttribute(name, String(value));
    }
  }

  element.append(...children.filter((child): child is Node | string => child !== null && child !== undefined && child !== false));
  return element;
}
