import type { ReactNode } from 'react';

export type NoticeTone = 'success' | 'warning' | 'error' | 'info';

export interface NoticeProps {
  tone: NoticeTone;
  children: ReactNode;
  className?: string;
}

/** An inline message. Problems interrupt (role="alert"); good news waits its turn (role="status"). */
export function Notice({ tone, children, className }: NoticeProps) {
  const role = tone === 'error' || tone === 'warning' ? 'alert' : 'status';
  return (
    <div role={role} className={['notice', `notice-${tone}`, className].filter(Boolean).join(' ')}>
      {children}
    </div>
  );
}
