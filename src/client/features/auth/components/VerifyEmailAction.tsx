import { AUTH_MESSAGES, NOTICES } from '../../../../shared/messages';
import { isApiError } from '../../../lib/api';
import { Notice } from '../../../ui/Notice';
import { useApplyVerifyEmailCode } from '../api';
import { useRedirectToLoginAfterSuccess } from '../hooks/use-redirect-after';
import { ActionError } from './ActionError';

export function VerifyEmailAction({ oobCode }: { oobCode: string }) {
  const verification = useApplyVerifyEmailCode(oobCode);
  // A link opened again says so, rather than calling itself invalid: the address is verified either way.
  const notice = verification.data?.alreadyVerified ? NOTICES.emailAlreadyVerified : NOTICES.emailVerified;
  useRedirectToLoginAfterSuccess(verification.isSuccess, notice);

  if (verification.isPending) return <p role="status" className="loading-pulse">Verifying...</p>;
  if (verification.isError) {
    const offline = isApiError(verification.error, 'network-request-failed');
    return <ActionError message={AUTH_MESSAGES[offline ? 'network-request-failed' : 'expired-verify-code']} />;
  }
  return <Notice tone="success">{notice}</Notice>;
}
