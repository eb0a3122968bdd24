/**
 * The push services a subscription's endpoint may name (docs/product.md §14): the browsers' own, on port 443, and
 * those the operator adds with PUSH_SERVICE_HOSTS. The server posts each reminder to the endpoint, so anything else
 * would let whoever subscribes make it post to an address of their choosing.
 */
const BROWSER_PUSH_SERVICES: readonly RegExp[] = [
  // Chrome, Chromium-based browsers on Android, Opera, Samsung Internet (Firebase Cloud Messaging).
  /^fcm\.googleapis\.com$/,
  // Firefox (Mozilla's autopush).
  /^updates\.push\.services\.mozilla\.com$/,
  // Safari on macOS, iOS and iPadOS (16.4 and later, for apps on the Home Screen).
  /^web\.push\.apple\.com$/,
  /^([a-z0-9-]+\.)+push\.apple\.com$/,
  // Edge (Windows Push Notification Services).
  /^([a-z0-9-]+\.)+notify\.windows\.com$/,
];

/** Whether a subscription's endpoint is an https: address of an accepted push service. */
export function isPushServiceEndpoint(endpoint: string, extraHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase();
  const port = url.port === '' ? '443' : url.port;
  if (port === '443' && BROWSER_PUSH_SERVICES.some((pattern) => pattern.test(host))) return true;
  return extraHosts.some((extra) => {
    const [extraHost, extraPort = '443'] = extra.split(':');
    return extraHost === host && extraPort === port;
  });
}

/** "Chrome on Android", "Safari on iPhone": the browser and system a subscription came from, as Settings lists it. */
export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /EdgA?\//.test(ua)
    ? 'Edge'
    : /SamsungBrowser\//.test(ua)
      ? 'Samsung Internet'
      : /OPR\/|Opera/.test(ua)
        ? 'Opera'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : 'A browser';
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /CrOS/.test(ua)
          ? 'ChromeOS'
          : /Windows/.test(ua)
            ? 'Windows'
            : /Macintosh|Mac OS X/.test(ua)
              ? 'Mac'
              : /Linux/.test(ua)
                ? 'Linux'
                : '';
  return system ? `${browser} on ${system}` : browser;
}
