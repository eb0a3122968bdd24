import { type RefObject, useEffect } from 'react';

/** Shows the <dialog> as a modal while `open` is true (the page behind becomes inert) and closes it otherwise. */
export function useModal(ref: RefObject<HTMLDialogElement | null>, open: boolean): void {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [ref, open]);
}
