import { ErrorMessage } from './ui/feedback';
import { ButtonLink } from './ui/button';

/** Page container with the standard width and padding. */
export function Page({ children, narrow }: { children: React.ReactNode; narrow?: boolean }) {
  return <div className={`mx-auto w-full ${narrow ? 'max-w-3xl' : 'max-w-6xl'} px-4 py-8 sm:px-6 sm:py-10`}>{children}</div>;
}

/** A page whose one thing could not be shown (missing, or failed to load), with the way back to its list. */
export function PageFailed({ message, backTo, backLabel }: { message: string; backTo: string; backLabel: string }) {
  return (
    <Page narrow>
      {/* The message is the page's heading: heading navigation finds it, and focus goes to it on arrival. */}
      <ErrorMessage>
        <h1>{message}</h1>
      </ErrorMessage>
      <ButtonLink to={backTo} variant="outline" className="mt-4">
        {backLabel}
      </ButtonLink>
    </Page>
  );
}
