/**
 * The boundaries `npm run lint` enforces (eslint.config.js, docs/decisions/008): features use
 * each other one way and only through their public entry, the web app's shell is used by no
 * feature, no import cycle, and tables are touched only in their owner's repositories. Each rule is
 * shown failing on code that breaks it, so a config change that silently disables one fails here.
 * And no source file grows past 400 lines.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint();
});

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter(
      (m) => m.ruleId === 'boundaries/dependencies' || m.ruleId === 'import-x/no-cycle' || m.ruleId?.endsWith('no-restricted-imports'),
    )
    .map((m) => m.message);
}

describe('feature boundaries', () => {
  it("a web feature may not import another feature's internals, only its index", async () => {
    expect(
      await problems(
        'src/web/features/home/example.tsx',
        "import { TeamCardView } from '../teams/team-card';\nexport const x = TeamCardView;\n",
      ),
    ).toEqual([expect.stringContaining('only through its public entry')]);
    expect(
      await problems('src/web/features/home/example.tsx', "import { TeamCardView } from '../teams';\nexport const x = TeamCardView;\n"),
    ).toEqual([]);
    // Within a feature, anything goes.
    expect(
      await problems('src/web/features/teams/example.tsx', "import { TeamCardView } from './team-card';\nexport const x = TeamCardView;\n"),
    ).toEqual([]);
  });

  it("a server feature may not import another feature's internals, only its index", async () => {
    expect(
      await problems(
        'src/server/features/teams/example.ts',
        "import { getMe } from '../profiles/profiles.repo';\nexport const x = getMe;\n",
      ),
    ).toEqual([expect.stringContaining('only through its public entry')]);
    expect(
      await problems('src/server/features/teams/example.ts', "import { getMe } from '../profiles';\nexport const x = getMe;\n"),
    ).toEqual([]);
  });

  it('web and server import only shared', async () => {
    expect(
      await problems('src/web/lib/example.ts', "import { createApp } from '../../server/app';\nexport const x = createApp;\n"),
    ).toHaveLength(1);
  });
});

describe('one-way features', () => {
  it('a server feature uses only the features its edges name: teams -> profiles, never back', async () => {
    const useTeams = "import { membershipsOf } from '../teams';\nexport const x = membershipsOf;\n";
    expect(await problems('src/server/features/profiles/example.ts', useTeams)).toEqual([
      expect.stringContaining('profiles may use events'),
    ]);
    expect(await problems('src/server/features/notifications/example.ts', useTeams)).toHaveLength(1);
    expect(await problems('src/server/features/me/example.ts', useTeams)).toEqual([]);
    expect(
      await problems('src/server/features/teams/example.ts', "import { people } from '../profiles';\nexport const x = people;\n"),
    ).toEqual([]);
    // Nothing uses the `me` feature but the app.
    expect(
      await problems('src/server/features/teams/example.ts', "import { meRoutes } from '../me';\nexport const x = meRoutes;\n"),
    ).toEqual([expect.stringContaining('teams may use events, profiles, notifications')]);
  });

  it('safety uses no feature and teams use it; moderation sits above them all', async () => {
    const useTeams = "import { membershipsOf } from '../teams';\nexport const x = membershipsOf;\n";
    expect(await problems('src/server/features/safety/example.ts', useTeams)).toEqual([
      expect.stringContaining('safety may use no other feature'),
    ]);
    expect(
      await problems(
        'src/server/features/teams/example.ts',
        "import { blockedWithOf } from '../safety';\nexport const x = blockedWithOf;\n",
      ),
    ).toEqual([]);
    expect(await problems('src/server/features/moderation/example.ts', useTeams)).toEqual([]);
    expect(
      await problems(
        'src/server/features/teams/example.ts',
        "import { moderationRoutes } from '../moderation';\nexport const x = moderationRoutes;\n",
      ),
    ).toEqual([expect.stringContaining('teams may use')]);
  });

  it("the organizer's desk reads the features it reports on; none of them uses it", async () => {
    const useTeams = "import { eventTeams } from '../teams';\nexport const x = eventTeams;\n";
    expect(await problems('src/server/features/organize/example.ts', useTeams)).toEqual([]);
    expect(
      await problems(
        'src/server/features/teams/example.ts',
        "import { organizeRoutes } from '../organize';\nexport const x = organizeRoutes;\n",
      ),
    ).toEqual([expect.stringContaining('teams may use events, profiles, notifications')]);
    expect(
      await problems('src/web/features/organize/example.tsx', "import { TeamCardView } from '../teams';\nexport const x = TeamCardView;\n"),
    ).toEqual([expect.stringContaining('organize may use no other feature')]);
  });

  it('a web feature uses only the features its edges name', async () => {
    expect(
      await problems('src/web/features/teams/example.tsx', "import { ProfileCard } from '../profiles';\nexport const x = ProfileCard;\n"),
    ).toEqual([expect.stringContaining('teams may use moderation')]);
    expect(
      await problems('src/web/features/profiles/example.tsx', "import { TeamCardView } from '../teams';\nexport const x = TeamCardView;\n"),
    ).toEqual([]); // The organizer's screens stand alone: they use no feature, and no feature uses them.
    expect(
      await problems(
        'src/web/features/event-admin/example.tsx',
        "import { TeamCardView } from '../teams';\nexport const x = TeamCardView;\n",
      ),
    ).toEqual([expect.stringContaining('event-admin may use no other feature')]);
    expect(
      await problems('src/web/features/teams/example.tsx', "import { EventForm } from '../event-admin';\nexport const x = EventForm;\n"),
    ).toEqual([expect.stringContaining('teams may use moderation')]);
  });

  it("no feature imports the web app's shell; the shell composes features", async () => {
    expect(
      await problems('src/web/features/teams/example.tsx', "import { Navbar } from '../../app/navbar';\nexport const x = Navbar;\n"),
    ).toEqual([expect.stringContaining('composes features')]);
    expect(
      await problems('src/web/app/example.tsx', "import { TeamCardView } from '../features/teams';\nexport const x = TeamCardView;\n"),
    ).toEqual([]);
  });

  it('no import cycle, however long the chain', async () => {
    // app.ts imports api/http.ts: http importing the app back closes a circle.
    expect(await problems('src/server/api/http.ts', "import { createApp } from '../app';\nexport const x = createApp;\n")).toEqual([
      expect.stringContaining('Dependency cycle'),
    ]);
  });
});

describe('file size', () => {
  /** Data, not logic: the demo data set, the schema's table list, generated migrations. */
  const DATA = [/\/migrations\//, /demo-data\.ts$/, /db\/schema\.ts$/];

  it('no source file in src is over 400 lines (data files aside)', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => /\.(ts|tsx)$/.test(f) && !DATA.some((d) => d.test(f)));
    const long = files.map((f) => ({ f, lines: readFileSync(f, 'utf8').split('\n').length - 1 })).filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });
});

describe('tables', () => {
  it('only repositories touch tables; a type is fine anywhere', async () => {
    expect(
      await problems('src/server/features/teams/teams.routes.ts', "import { teams } from '../../db/schema';\nexport const x = teams;\n"),
    ).toEqual([expect.stringContaining('repositories')]);
    expect(await problems('src/server/api/http.ts', "import { profiles } from '../db/schema';\nexport const x = profiles;\n")).toHaveLength(
      1,
    );
    expect(
      await problems('src/server/features/teams/teams.routes.ts', "import type { Team } from '../../db/schema';\nexport type X = Team;\n"),
    ).toEqual([]);
  });

  it("a repository touches only its own feature's tables", async () => {
    expect(
      await problems(
        'src/server/features/teams/teams.repo.ts',
        "import { profiles, teams } from '../../db/schema';\nexport const x = [profiles, teams];\n",
      ),
    ).toEqual([expect.stringContaining('belong to another feature')]);
    expect(
      await problems(
        'src/server/features/profiles/profiles.repo.ts',
        "import { teamMembers } from '../../db/schema';\nexport const x = teamMembers;\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems('src/server/features/teams/teams.repo.ts', "import { teams } from '../../db/schema';\nexport const x = teams;\n"),
    ).toEqual([]);
    // The desk's own tables are its own; the teams it reports on are read through the teams feature.
    expect(
      await problems(
        'src/server/features/organize/dashboard.repo.ts',
        "import { teams } from '../../db/schema';\nexport const x = teams;\n",
      ),
    ).toEqual([expect.stringContaining('belong to another feature')]);
    expect(
      await problems(
        'src/server/features/teams/teams.repo.ts',
        "import { announcements } from '../../db/schema';\nexport const x = announcements;\n",
      ),
    ).toEqual([expect.stringContaining('belong to another feature')]);
  });
});
