import { useLayoutEffect, useRef, useState } from 'react';
import { STORAGE_KEYS } from '../lib/constants';
import { currentMobilePlatform, INSTALL_HINT, isRunningInstalled, type MobilePlatform } from '../lib/mobile-install';
import { storage } from '../lib/storage';
import { useDeviceValue } from '../lib/use-device-value';
import '../styles/install-banner.css';
import { Icon } from '../ui/Icon';

function platformToHint(): MobilePlatform | null {
  if (storage.get(STORAGE_KEYS.installBannerDismissed) === 'true') return null;
  if (isRunningInstalled()) return null;
  return currentMobilePlatform();
}

function ShareIcon() {
  return (
    <Icon>
      <path
        d="M12 3v12M8 7l4-4 4 4M6 11H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Icon>
  );
}

function MenuIcon() {
  return (
    <Icon>
      <circle cx="12" cy="5" r="1.8" fill="currentColor" />
      <circle cx="12" cy="12" r="1.8" fill="currentColor" />
      <circle cx="12" cy="19" r="1.8" fill="currentColor" />
    </Icon>
  );
}

/**
 * On phones, a bottom bar telling how to add the app to the home screen, until it is dismissed (remembered
 * on this device). It is sticky rather than fixed: it rides along at the foot of the screen while the page
 * scrolls, and at the very end it settles below the footer, so it never hides the footer's content.
 */
export function InstallBanner() {
  const hinted = useDeviceValue(platformToHint, null);
  const [dismissed, setDismissed] = useState(false);
  const platform = dismissed ? null : hinted;
  const bannerRef = useRef<HTMLDivElement>(null);

  // Toasts rise above the banner instead of covering its text and its Dismiss button (components.css).
  useLayoutEffect(() => {
    const banner = bannerRef.current;
    if (!banner) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--install-banner-height', `${banner.offsetHeight}px`);
    });
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--install-banner-height');
    };
  }, [platform]);

  if (!platform) return null;

  function dismiss() {
    storage.set(STORAGE_KEYS.installBannerDismissed, 'true');
    setDismissed(true);
  }

  return (
    <div ref={bannerRef} className="install-banner" role="region" aria-label="Install the app">
      <div className="install-banner-inner">
        <span className="install-banner-icon" aria-hidden="true">
          {platform === 'ios' ? <ShareIcon /> : <MenuIcon />}
        </span>
        <p className="install-banner-text">
          <strong>Get the app on your phone.</strong> <span>{INSTALL_HINT[platform]}.</span>
        </p>
        <button type="button" className="install-banner-dismiss" onClick={dismiss}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
