import { ArrowRight } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { SuccessMessage } from '../../components/ui/feedback';
import { ButtonLink } from '../../components/ui/button';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { ProfilesPreview, TeamsPreview } from './previews';
import { UpcomingHackathons } from './upcoming-hackathons';
import { useDocumentTitle } from '../../lib/title';

const HOW_IT_WORKS_ID = 'how-it-works';

export default function HomePage() {
  useDocumentTitle();
  const [params] = useSearchParams();
  return (
    <>
      {params.get('accountDeleted') === '1' && (
        <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6">
          <SuccessMessage>Your account was deleted. Thank you for building with us.</SuccessMessage>
        </div>
      )}
      <Hero scrollTargetId={HOW_IT_WORKS_ID} />
      <HowItWorks id={HOW_IT_WORKS_ID} />
      <ProfilesPreview />
      <TeamsPreview />
      <UpcomingHackathons />
      <ClosingCallToAction />
    </>
  );
}

function ClosingCallToAction() {
  return (
    // Inside the same width as the sections above (their content box, padding excluded).
    <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 sm:pb-20">
      <div className="on-dark relative overflow-hidden rounded-3xl bg-gradient-to-br from-slate-950 via-indigo-950 to-brand-700 px-6 py-14 text-center text-white shadow-xl sm:px-12 sm:py-16">
        <div aria-hidden className="pointer-events-none absolute -right-20 -top-20 h-64 w-64 rounded-full bg-fuchsia-500/25 blur-3xl" />
        <h2 id="cta-heading" className="relative text-3xl font-bold tracking-tight sm:text-4xl">
          Ready to find your dream team?
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-indigo-100 sm:text-lg">
          Join the builders getting ready for the world's largest hackathon. Create your profile and start connecting today.
        </p>
        <ButtonLink to="/signup" size="lg" variant="inverse" className="relative mt-8 shadow-lg">
          Get Started Now
          <ArrowRight aria-hidden className="h-5 w-5" />
        </ButtonLink>
      </div>
    </section>
  );
}
