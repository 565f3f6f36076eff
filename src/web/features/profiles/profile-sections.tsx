/** Read-only pieces shared by the public profile and the own profile. */
import type { ReactNode } from 'react';
import { AtSign, Briefcase, Clock, CodeXml, ExternalLink, Globe, MessageCircle } from 'lucide-react';
import type { ContactInfo, SkillBadge } from '../../../shared/api/profiles';
import { Badge, skillBadgeVariant } from '../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

export function SkillsCard({ skills }: { skills: SkillBadge[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Skills</CardTitle>
      </CardHeader>
      <CardContent>
        <SkillList skills={skills} />
      </CardContent>
    </Card>
  );
}

export function ExperienceCard({ experiences }: { experiences: string[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Experience</CardTitle>
      </CardHeader>
      <CardContent>
        <ExperienceList experiences={experiences} />
      </CardContent>
    </Card>
  );
}

function SkillList({ skills }: { skills: SkillBadge[] }) {
  if (skills.length === 0) return <p className="text-sm text-slate-500">No skills listed</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {skills.map((s) => (
        <li key={s.name}>
          <Badge variant={skillBadgeVariant(s.level)}>
            {s.name} - {s.level}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

function ExperienceList({ experiences }: { experiences: string[] }) {
  if (experiences.length === 0) return <p className="text-sm text-slate-500">No experience listed</p>;
  return (
    <ul className="space-y-2">
      {experiences.map((e, i) => (
        <li key={i} className="whitespace-pre-line rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {e}
        </li>
      ))}
    </ul>
  );
}

export function hasContact(c: ContactInfo): boolean {
  return Object.values(c).some((v) => v !== null && v !== '');
}

/** The twitter link is built from the username without its '@' (docs/product.md#public-profile). */
export function twitterUrl(username: string): string {
  return `https://twitter.com/${username.replace(/^@+/, '')}`;
}

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-center gap-3 text-sm">
      <span aria-hidden className="text-slate-400">
        {icon}
      </span>
      <span className="sr-only">{label}: </span>
      <span className="min-w-0 text-slate-700">{children}</span>
    </li>
  );
}

const linkClass = 'inline-flex items-center gap-1 font-medium text-link hover:underline';

/** A profile link, named by what it is rather than by its long URL. */
function LinkRow({ icon, label, href }: { icon: ReactNode; label: string; href: string }) {
  return (
    <Row icon={icon} label={label}>
      <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {label} <ExternalLink aria-hidden className="h-3 w-3" />
      </a>
    </Row>
  );
}

export function ContactDetails({ contact }: { contact: ContactInfo }) {
  if (!hasContact(contact)) return <p className="text-sm text-slate-500">No contact information added yet</p>;
  const icon = 'h-4 w-4';
  return (
    <ul className="space-y-3">
      {contact.discordUsername && (
        <Row icon={<MessageCircle className={icon} />} label="Discord">
          Discord: {contact.discordUsername}
        </Row>
      )}
      {contact.twitterUsername && (
        <Row icon={<AtSign className={icon} />} label="Twitter">
          <a href={twitterUrl(contact.twitterUsername)} target="_blank" rel="noopener noreferrer" className={linkClass}>
            @{contact.twitterUsername.replace(/^@+/, '')}
          </a>
        </Row>
      )}
      {contact.timezone && (
        <Row icon={<Clock className={icon} />} label="Timezone">
          Timezone: {contact.timezone}
        </Row>
      )}
      {contact.githubUrl && <LinkRow icon={<CodeXml className={icon} />} label="GitHub" href={contact.githubUrl} />}
      {contact.linkedinUrl && <LinkRow icon={<Briefcase className={icon} />} label="LinkedIn" href={contact.linkedinUrl} />}
      {contact.portfolioUrl && <LinkRow icon={<Globe className={icon} />} label="Portfolio" href={contact.portfolioUrl} />}
    </ul>
  );
}
