import { syntaxLabels, type Syntax } from '../query/syntax';
import { h } from '../dom/element';

/** Two buttons showing the query's syntax; pressing the other one converts the query to it. */
export class SyntaxSwitch {
  readonly element: HTMLElement;
  private readonly _buttons: Record<Syntax, HTMLButtonElement>;
  private _refocus: HTMLButtonElement | null = null;

  constructor(onConvert: (to: Syntax) => void) {
    const button = (syntax: Syntax, sample: string) =>
      h(
        'button',
        {
          type: 'button',
          title: `Convert the query to ${syntaxLabels[syntax]} syntax`,
          'data-testid': `syntax-${syntax}`,
          onclick: () => onConvert(syntax),
        },
        syntaxLabels[syntax],
        h('code', {}, sample),
      );
    this._buttons = { include: button('include', '[ ]'), graphql: button('graphql', '{ }') };
    this.element = h(
      'div',
      { class: 'syntax-switch', role: 'group', 'aria-label': 'Query syntax' },
      this._buttons.include,
      this._buttons.graphql,
    );
  }

  show(syntax: Syntax): void {
    for (const [name, button] of Object.entries(this._buttons)) {
      button.setAttribute('aria-pressed', String(name === syntax));
    }
  }

  /**
   * Disables both buttons while a conversion runs. A disabled button loses the keyboard's focus to the page, so the
   * button that had it gets it back when they are enabled again: a keyboard user stays where they were.
   */
  setBusy(busy: boolean): void {
    const buttons = Object.values(this._buttons);
    if (busy) {
      this._refocus = buttons.find((button) => button === document.activeElement) ?? null;
    }

    for (const button of buttons) {
      button.disabled = busy;
    }

    if (!busy && this._refocus) {
      this._refocus.focus();
      this._refocus = null;
    }
  }
}
