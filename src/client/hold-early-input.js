/*
 * What a visitor sends, types or presses on a page made ahead of time before the app has taken it over is held for the
 * app (lib/early-input.ts gives it back). theme-boot.js holds this file's code as it is (vite.config.ts writes it in)
 * and runs it in the page's head, before the body exists, so nothing reaches the page before it does. Plain
 * JavaScript, like public/start-app.js: the build's own configuration, which has no browser types, reads it. Until
 * the app has taken the page over (#root loses its data-prerendered mark):
 * - a form must not submit itself: the browser would send its fields, a password among them, in the page's address.
 *   The submit is held, and the form marked data-replay;
 * - a button has nobody to answer it: the last one pressed is marked data-replay;
 * - what is typed is kept on each field (earlyValue), as React puts a field back to the value it renders when it takes
 *   it over.
 */
(function holdEarlyInput() {
  const page = () => document.getElementById('root');
  const started = () => !page()?.hasAttribute('data-prerendered');
  const replayLater = (element) => {
    for (const earlier of document.querySelectorAll('[data-replay]')) earlier.removeAttribute('data-replay');
    element.setAttribute('data-replay', '');
  };
  document.addEventListener(
    'submit',
    (event) => {
      if (started() || !(event.target instanceof Element)) return;
      // Held for the app alone: neither the browser nor a part of the app already listening may act on it now.
      event.preventDefault();
      event.stopPropagation();
      replayLater(event.target);
    },
    true,
  );
  document.addEventListener(
    'input',
    (event) => {
      const field = event.target;
      if (started() || !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
      if (page()?.contains(field)) field.earlyValue = field.value;
    },
    true,
  );
  document.addEventListener(
    'click',
    (event) => {
      if (started() || !(event.target instanceof Element)) return;
      const button = event.target.closest('button');
      // A submit button's click becomes the form's submit, held above.
      if (!button || !page()?.contains(button) || button.type === 'submit') return;
      event.stopPropagation();
      replayLater(button);
    },
    true,
  );
})();
