import { useAppConfig } from '../lib/app-config';

/** The operator's site-wide notice (ANNOUNCEMENT); nothing at all when it is empty. */
export function AnnouncementBanner() {
  const { data } = useAppConfig();
  const text = data?.announcement.trim();
  if (!text) return null;
  return (
    <div className="announcement" role="region" aria-label="Announcement">
      <p>{text}</p>
    </div>
  );
}
