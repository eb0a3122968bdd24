import { AUTH_MESSAGES, NOTICES } from '../../../shared/messages';
import { isApiError } from '../../lib/api';
import { Notice } from '../../ui/Notice';
import { ActionError } from './ActionError';
import { useApplyVerifyEmailCode } from './api';
import { useRedirectToLoginAfterSuccess } from './use-redirect-after';

export function VerifyEmailAction({ oobCode }: { oobCode: string }) {
  const verification = useApplyVerifyEmailCode(oobCode);
  useRedirectToLoginAfterSuccess(verification.isSuccess, NOTICES.emailVerified);

  if (verification.isPending) return <p role="status" className="loading-pulse">Verifying...</p>;
  if (verification.isError) {
    const offline = isApiError(verification.error, 'network-request-failed');
    return <ActionError message={AUTH_MESSAGES[offline ? 'network-request-failed' : 'expired-verify-code']} />;
  }
  return <Notice tone="success">{NOTICES.emailVerified}</Notice>;
}
