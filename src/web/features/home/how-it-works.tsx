import { Handshake, Trophy, UserPlus } from 'lucide-react';
import { Section } from './section';

const STEPS = [
  {
    Icon: UserPlus,
    title: 'Create your profile',
    text: "Share your skills, experience and availability, and let others know you're looking for a team.",
  },
  {
    Icon: Handshake,
    title: 'Connect with others',
    text: 'Browse profiles, send team invitations, or request to join teams that need what you do.',
  },
  {
    Icon: Trophy,
    title: 'Build and win together',
    text: 'Form your team, ship your project during the hackathon, and compete for prizes side by side.',
  },
];

export function HowItWorks({ id }: { id: string }) {
  return (
    <Section id={id} title="How It Works" intro="From a profile to a team in three steps." className="bg-surface">
      <ol className="grid grid-cols-1 gap-6 md:grid-cols-3">
        {STEPS.map(({ Icon, title, text }, i) => (
          <li key={title} className="relative rounded-2xl border border-slate-200 bg-slate-50/60 p-6">
            <span aria-hidden className="absolute right-5 top-4 text-5xl font-black text-slate-200/80">
              {i + 1}
            </span>
            <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-600 text-white shadow-md shadow-brand-600/20">
              <Icon aria-hidden className="h-6 w-6" />
            </span>
            <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
