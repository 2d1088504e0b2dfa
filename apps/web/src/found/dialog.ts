import { h, uid } from './dom';

export interface ConfirmTexts {
  title: string;
  body: string;
  /** Goes ahead (resolves true). */
  confirm: string;
  /** The safe choice (resolves false); also what Escape and a tap outside mean. Focused first. */
  cancel: string;
}

/**
 * A modal confirmation: role=dialog with aria-modal, labelled by its title and described by its
 * text; the page behind is inert, Tab stays inside, Escape cancels. Resolves with the choice.
 * On cancel the caller decides where focus goes; on confirm it returns where it was.
 */
export function confirmDialog(texts: ConfirmTexts, background: HTMLElement): Promise<boolean> {
  return new Promise((resolve) => {
    const titleId = uid('dialog-title');
    const bodyId = uid('dialog-body');
    const previous = document.activeElement as HTMLElement | null;
    const confirmButton = h(
      'button',
      { type: 'button', className: 'button button--secondary' },
      texts.confirm,
    );
    const cancelButton = h('button', { type: 'button', className: 'button button--primary' }, texts.cancel);
    const panel = h(
      'div',
      {
        className: 'finder-dialog',
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': titleId,
        'aria-describedby': bodyId,
      },
      h('h2', { id: titleId, className: 'finder-dialog__title' }, texts.title),
      h('p', { id: bodyId, className: 'finder-dialog__body' }, texts.body),
      h('div', { className: 'finder-dialog__actions' }, confirmButton, cancelButton),
    );
    const backdrop = h('div', { className: 'finder-dialog-backdrop' }, panel);
    const buttons = [confirmButton, cancelButton];

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(false);
      } else if (event.key === 'Tab') {
        const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
        const next = (at + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length;
        event.preventDefault();
        buttons[at === -1 ? 0 : next]?.focus();
      }
    };

    function close(choice: boolean) {
      document.removeEventListener('keydown', onKeyDown, true);
      backdrop.remove();
      background.inert = false;
      document.body.classList.remove('finder-no-scroll');
      if (choice && previous?.isConnected) previous.focus();
      resolve(choice);
    }

    confirmButton.addEventListener('click', () => close(true));
    cancelButton.addEventListener('click', () => close(false));
    backdrop.addEventListener('click', (event) => {
      if (event.target === backdrop) close(false);
    });
    document.addEventListener('keydown', onKeyDown, true);
    background.inert = true;
    document.body.classList.add('finder-no-scroll');
    document.body.append(backdrop);
    cancelButton.focus();
  });
}
