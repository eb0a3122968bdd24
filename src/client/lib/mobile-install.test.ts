import { describe, expect, it } from 'vitest';
import { mobilePlatformOf } from './mobile-install';

const AGENTS = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
};

describe('mobilePlatformOf', () => {
  it('recognises iPhone and iPad as iOS', () => {
    expect(mobilePlatformOf(AGENTS.iphone)).toBe('ios');
    expect(mobilePlatformOf(AGENTS.ipad)).toBe('ios');
  });

  it('recognises Android', () => {
    expect(mobilePlatformOf(AGENTS.android)).toBe('android');
  });

  it('gives no platform for desktop browsers', () => {
    expect(mobilePlatformOf(AGENTS.desktop)).toBeNull();
    expect(mobilePlatformOf(AGENTS.mac)).toBeNull();
  });
});
