import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Mail } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { BusyButton } from '../../components/ui/button';
import { ErrorMessage, SuccessMessage } from '../../components/ui/feedback';
import { SOCIAL_PROVIDER_NAMES } from '../../../shared/constants';
import { api, errorText } from '../../lib/api';
import { useConfig } from '../../lib/config';
import { useAccount } from './account-queries';

/**
 * On the own profile (docs/decisions/017): until the account's email is verified, a banner asks to
 * open the link we mailed, with 'Resend the link' (and names the sign-in providers that wait for it);
 * after a link was opened, what it did.
 */
export function VerifyEmailBanner() {
  const account = useAccount();
  // Only the sign-in providers this server offers: the others are 'Coming soon!' on the sign-in page.
  const providers = (useConfig().data?.socialProviders ?? []).map((p) => SOCIAL_PROVIDER_NAMES[p]);
  const [params] = useSearchParams();
  const [sent, setSent] = useState<string | null>(null);
  const resend = useMutation({
    mutationFn: () => api('POST /api/auth/send-verification-email'),
    onSuccess: (answer) => setSent(answer.message),
  });
  const verifyError = params.get('verifyError');
  const justVerified = params.get('emailVerified') === '1' && account.data?.emailVerified;
  if (!account.data) return null;
  return (
    <div className="mb-6 space-y-3">
      {justVerified && <SuccessMessage>Your email address is verified.</SuccessMessage>}
      {verifyError && !account.data.emailVerified && (
        <ErrorMessage>That verification link is invalid or has expired. Ask for a new one below.</ErrorMessage>
      )}
      {!account.data.emailVerified && (
        <section
          aria-labelledby="verify-email-title"
          className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center"
        >
          <Mail aria-hidden className="hidden h-5 w-5 shrink-0 text-slate-700 sm:block" />
          <div className="flex-1 text-sm text-slate-700">
            <h2 id="verify-email-title" className="font-semibold text-slate-900">
              Please verify your email address
            </h2>
            <p>
              Open the link we sent to <span className="font-medium text-slate-900">{account.data.email}</span>.
              {providers.length > 0 && ` Until then, ${providers.join(' and ')} cannot sign in to this account.`}
            </p>
            {sent && <p className="mt-1 font-medium text-slate-900">{sent}</p>}
            {resend.isError && <p className="mt-1 text-danger">{errorText(resend.error, 'Failed to send the link')}</p>}
          </div>
          <BusyButton variant="outline" busy={resend.isPending} busyLabel="Sending..." onClick={() => resend.mutate()}>
            Resend the link
          </BusyButton>
        </section>
      )}
    </div>
  );
}
