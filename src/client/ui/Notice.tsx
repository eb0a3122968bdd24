import type { ReactNode } from 'react';

export type NoticeTone = 'success' | 'warning' | 'error' | 'info';

export interface NoticeProps {
  tone: NoticeTone;
  children: ReactNode;
  className?: string;
  /**
   * Whether screen readers hear the message as it appears. Off where something else already announces it (a
   * toast with the same news), so that it is heard once; it can still be read in the page.
   */
  announce?: boolean;
}

/** An inline message. Problems interrupt (role="alert"); good news waits its turn (role="status"). */
export function Notice({ tone, children, className, announce = true }: NoticeProps) {
  const liveRole = tone === 'error' || tone === 'warning' ? 'alert' : 'status';
  return (
    <div role={announce ? liveRole : undefined} className={['notice', `notice-${tone}`, className].filter(Boolean).join(' ')}>
      {children}
    </div>
  );
}
