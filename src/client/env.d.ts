/// <reference types="vite-plugin-pwa/vanillajs" />

/** The package version, set by vite.config.ts: it busts the persisted query cache on every release. */
declare const __APP_VERSION__: string;
