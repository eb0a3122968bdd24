/*
 * The start of a page made ahead of time (the landing, sign-in, sign-up and About pages, and the journal's frame;
 * src/server/http/prerendered-pages.ts).
 * Such a page is in its HTML, so it paints first and fetches the app's code after its first paint, when the app
 * takes the page over. The code's files are named in <meta name="app-code">, the entry first. Until then, what is
 * sent, typed or pressed is held for the app by theme-boot.js (src/client/hold-early-input.js), which runs before
 * the page's body exists, not here: this script may arrive after a visitor has already sent a form.
 */
(function () {
  var root = document.getElementById('root');

  // A device signed in here (theme-boot.js marks it) goes on to the journal: a page with a start of its own (the
  // landing page's light start) names the app's files for it too.
  var signedIn = document.documentElement.hasAttribute('data-signed-in');
  var meta =
    (signedIn && document.querySelector('meta[name="app-code-signed-in"]')) ||
    document.querySelector('meta[name="app-code"]');
  var files = meta ? meta.getAttribute('content').split(' ') : [];
  if (files.length === 0) return;

  function load() {
    // Every file at once, as the module graph would ask for them one after another.
    for (var index = 1; index < files.length; index += 1) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files[index];
      document.head.appendChild(link);
    }
    import(files[0]);
  }

  // Once the page's content is on the screen, so that the code's requests never stand before its first paint: the
  // browser reports that paint once it has been shown (a page opened in a background tab paints, and so starts, when
  // it is first looked at). A page kept hidden until the app draws what it should show instead (a guest page on a
  // device signed in here, a mode of the sign-in page other than the one it was made for: layout.css) has no such
  // paint to wait for, nor does a browser that reports no paints: they start after the first frame.
  var asked = false;
  function start() {
    if (asked) return;
    asked = true;
    setTimeout(load, 0);
  }
  var reportsPaints =
    typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  if (reportsPaints) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  }
  function afterFirstFrame() {
    requestAnimationFrame(function () {
      if (!reportsPaints || !root || getComputedStyle(root).visibility === 'hidden') start();
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterFirstFrame);
  else afterFirstFrame();
})();
