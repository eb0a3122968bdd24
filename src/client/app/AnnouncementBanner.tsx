import { useLayoutEffect, useRef, useState } from 'react';
import { announcementHash } from '../lib/announcement';
import { useAppConfig } from '../lib/app-config';
import { STORAGE_KEYS } from '../lib/constants';
import { storage } from '../lib/storage';
import { useDeviceValue } from '../lib/use-device-value';
import { Icon } from '../ui/Icon';

/**
 * Whether the text is cut short: on a phone the announcement takes one line (layout.css), and More shows the rest.
 * Measured again whenever the banner's width changes (a phone turned on its side, larger text).
 */
function useCutShort(text: string) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [cutShort, setCutShort] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setCutShort(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);
  return { ref, cutShort };
}

/**
 * The banner's text, for its More button. A fixed id, not useId: the page has one banner, and React's generated ids
 * depend on the tree around them, which differs between the app and the landing page's light start that both take the
 * same markup over.
 */
const TEXT_ID = 'announcement-text';

function Banner({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const { ref, cutShort } = useCutShort(text);

  return (
    <div className="announcement" role="region" aria-label="Announcement">
      <div className="announcement-inner">
        <p ref={ref} id={TEXT_ID} className={expanded ? 'announcement-text is-expanded' : 'announcement-text'}>
          {text}
        </p>
        {(cutShort || expanded) && (
          <button
            type="button"
            className="announcement-more"
            aria-expanded={expanded}
            aria-controls={TEXT_ID}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? 'Less' : 'More'}
          </button>
        )}
        <button type="button" className="announcement-dismiss" aria-label="Dismiss announcement" onClick={onDismiss}>
          <Icon>
            <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" />
          </Icon>
        </button>
      </div>
    </div>
  );
}

/**
 * The operator's site-wide notice (ANNOUNCEMENT); nothing at all when it is empty. It can be dismissed: the device
 * remembers which announcement was (by its hash), so it stays away until the operator says something new.
 */
export function AnnouncementBanner() {
  const { data } = useAppConfig();
  const text = data?.announcement.trim();
  const remembered = useDeviceValue(() => storage.get(STORAGE_KEYS.announcementDismissed), null);
  const [dismissedHere, setDismissed] = useState<string | null>(null);
  const dismissed = dismissedHere ?? remembered;
  if (!text || dismissed === announcementHash(text)) return null;

  function dismiss() {
    if (!text) return;
    const hash = announcementHash(text);
    storage.set(STORAGE_KEYS.announcementDismissed, hash);
    setDismissed(hash);
    // The button is gone with the banner: the keyboard carries on from the page's main content.
    document.getElementById('main')?.focus();
  }

  return <Banner key={text} text={text} onDismiss={dismiss} />;
}
