import { h } from '../dom/element';

/** Shows a curl command to copy; copies it to the clipboard right away where the browser allows. */
export class CurlDialog {
  readonly element: HTMLDialogElement;
  private readonly _command: HTMLElement;
  private readonly _note: HTMLElement;

  constructor() {
    this._command = h('pre', { class: 'curl-command', 'data-testid': 'curl-command' });
    this._note = h('span', { class: 'muted' });
    this.element = h(
      'dialog',
      { class: 'curl-dialog', 'data-testid': 'curl-dialog' },
      h('h2', {}, 'The request as curl'),
      this._command,
      h(
        'footer',
        {},
        this._note,
        h('button', { type: 'button', onclick: () => void this.copy() }, 'Copy'),
        h('button', { type: 'button', class: 'primary', onclick: () => this.element.close() }, 'Close'),
      ),
    );
  }

  async open(command: string): Promise<void> {
    this._command.textContent = command;
    this._note.textContent = '';
    this.element.showModal();
    await this.copy();
  }

  private async copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this._command.textContent ?? '');
      this._note.textContent = 'Copied to the clipboard.';
    } catch {
      // Clipboard access needs a secure context and permission; the text is there to select.
      this._note.textContent = 'Select the command to copy it.';
    }
  }
}
