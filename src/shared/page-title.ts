const APP_NAME = 'Gratitude Journal';

/** A screen's document title: 'Sign In · Gratitude Journal', or the app's name alone. */
export function pageTitle(title?: string): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}
