import { useEffect } from 'react';

/**
 * What a visitor did on a page made ahead of time before the app took it over (held by hold-early-input.js, which
 * theme-boot.js runs): the text typed into its fields, kept on each field as `earlyValue` (React puts a field back to
 * the value it renders when it takes the markup over), and the last form sent or button pressed, held back and marked
 * data-replay. Once the page's content is React's, the text goes back in, as typing would (an input event), the
 * page's mark goes (nothing is held back any more), and the held action is done again.
 */

type Field = (HTMLInputElement | HTMLTextAreaElement) & { earlyValue?: string };

export function replayEarlyInput(root: HTMLElement): void {
  for (const field of root.querySelectorAll<Field>('input, textarea')) {
    const value = field.earlyValue;
    if (value === undefined) continue;
    delete field.earlyValue;
    // React tells a change by comparing the field with the value it last saw, which may already be the typed text:
    // it is told the field is empty, then the text goes in past React, by the prototype's setter, as typing does.
    field.value = '';
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  delete root.dataset.prerendered;
  const held = root.querySelector('[data-replay]');
  held?.removeAttribute('data-replay');
  // After React has rendered the text given back: a form's handler reads its fields from React's state.
  setTimeout(() => {
    if (!held?.isConnected) return;
    if (held instanceof HTMLFormElement) held.requestSubmit();
    else if (held instanceof HTMLButtonElement) held.click();
  }, 0);
}

let pending: (() => void) | undefined;

/** The start that takes the page over (app-start.tsx, landing-start.tsx): what to do once its content is React's. */
export function replayOnceHydrated(replay: () => void): void {
  pending = replay;
}

/**
 * Rendered beside the page's content, inside its Suspense boundary (PageLayout): React takes a boundary's markup over
 * after the app's frame, so this effect runs once the page's own fields are React's.
 */
export function ReplayEarlyInput() {
  useEffect(() => {
    const replay = pending;
    pending = undefined;
    replay?.();
  }, []);
  return null;
}
