import { useState } from 'react';
import { SOCIAL_PROVIDER_NAMES, SOCIAL_PROVIDERS, type SocialProvider } from '../../../shared/constants';
import { BusyButton, Button } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/feedback';
import { Tooltip } from '../../components/ui/tooltip';
import { errorText } from '../../lib/api';
import { startSocialSignIn } from '../../lib/auth';
import { useConfig } from '../../lib/config';

function GitHubIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
      <path d="M12 .5a12 12 0 0 0-3.8 23.4c.6.1.8-.3.8-.6v-2.2c-3.3.7-4-1.4-4-1.4-.6-1.4-1.4-1.8-1.4-1.8-1.1-.7.1-.7.1-.7 1.2.1 1.9 1.2 1.9 1.2 1.1 1.8 2.8 1.3 3.5 1 .1-.8.4-1.3.8-1.6-2.7-.3-5.5-1.3-5.5-5.9 0-1.3.5-2.4 1.2-3.2-.1-.3-.5-1.5.1-3.2 0 0 1-.3 3.3 1.2a11.5 11.5 0 0 1 6 0C17.3 4.7 18.3 5 18.3 5c.7 1.7.3 2.9.1 3.2.8.8 1.2 1.9 1.2 3.2 0 4.6-2.8 5.6-5.5 5.9.4.4.8 1.1.8 2.2v3.3c0 .3.2.7.8.6A12 12 0 0 0 12 .5Z" />
    </svg>
  );
}

function DiscordIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
      <path d="M20.3 4.4A19.8 19.8 0 0 0 15.4 3l-.6 1.3a18.3 18.3 0 0 0-5.6 0L8.6 3a19.7 19.7 0 0 0-4.9 1.5C.6 9.1-.3 13.6.1 18.1a19.9 19.9 0 0 0 6 3l1.3-2.1c-.7-.3-1.4-.6-2-1l.5-.4a14.2 14.2 0 0 0 12.2 0l.5.4c-.6.4-1.3.7-2 1l1.3 2.1a19.8 19.8 0 0 0 6-3c.5-5.2-.8-9.7-3.6-13.7ZM8 15.3c-1.2 0-2.2-1.1-2.2-2.4S6.8 10.5 8 10.5s2.2 1.1 2.2 2.4-1 2.4-2.2 2.4Zm8 0c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4Z" />
    </svg>
  );
}

const ICONS: Record<SocialProvider, () => React.JSX.Element> = { github: GitHubIcon, discord: DiscordIcon };

/** A provider's button: it signs in with the provider ('Redirecting to GitHub...' meanwhile). */
export function SocialButton({
  provider,
  label,
  redirectTo,
  onError,
}: {
  provider: SocialProvider;
  label: string;
  redirectTo: string;
  onError(message: string): void;
}) {
  const [busy, setBusy] = useState(false);
  const Icon = ICONS[provider];
  return (
    <BusyButton
      variant="outline"
      className="w-full"
      busy={busy}
      busyLabel={`Redirecting to ${SOCIAL_PROVIDER_NAMES[provider]}...`}
      onClick={async () => {
        setBusy(true);
        try {
          await startSocialSignIn(provider, redirectTo);
        } catch (err) {
          setBusy(false);
          onError(errorText(err, `An error occurred during ${SOCIAL_PROVIDER_NAMES[provider]} login. Please try again.`));
        }
      }}
    >
      <Icon />
      {label}
    </BusyButton>
  );
}

/**
 * GitHub and Discord (docs/product.md#decided-where-the-spec-is-silent): a provider the server has
 * configured signs in; one it has not stays visibly disabled, 'Coming soon!' said on the button
 * itself and repeated by the tooltip for the pointer. Disabled, those buttons are no Tab stops.
 */
export function SocialButtons({ verb = 'Continue', redirectTo }: { verb?: string; redirectTo: string }) {
  const config = useConfig();
  const [error, setError] = useState<string | null>(null);
  const configured = config.data?.socialProviders ?? [];
  return (
    <div className="grid gap-2">
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {SOCIAL_PROVIDERS.map((provider) => {
        const label = `${verb} with ${SOCIAL_PROVIDER_NAMES[provider]}`;
        if (configured.includes(provider)) {
          return <SocialButton key={provider} provider={provider} label={label} redirectTo={redirectTo} onError={setError} />;
        }
        const Icon = ICONS[provider];
        return (
          <Tooltip key={provider} content="Coming soon!">
            {/* A disabled button gets no pointer events, so the wrapper carries the tooltip. */}
            <span className="block rounded-lg">
              {/* On a phone the 'Coming soon!' pill takes its own line on every such button (so they stay one
                  height, whichever label is longer); from the small breakpoint on, it follows the label. */}
              <Button variant="outline" className="h-auto! min-h-10 w-full flex-wrap gap-y-1 whitespace-normal! py-2" disabled>
                <Icon />
                {label}
                <span className="flex basis-full justify-center sm:basis-auto">
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">Coming soon!</span>
                </span>
              </Button>
            </span>
          </Tooltip>
        );
      })}
    </div>
  );
}

export function Divider() {
  return (
    <div className="relative my-6 text-center text-xs uppercase text-slate-500">
      <span className="absolute inset-x-0 top-1/2 h-px bg-slate-200" aria-hidden />
      <span className="relative bg-surface px-2">Or continue with email</span>
    </div>
  );
}
