/**
 * The boundaries `npm run lint` enforces (eslint.config.js, docs/decisions/008): features use
 * each other only through their public entry, and tables are touched only in their owner's
 * repositories. Each rule is shown failing on code that breaks it, so a config change that
 * silently disables one fails here.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint();
});

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((m) => m.ruleId === 'boundaries/dependencies' || m.ruleId?.endsWith('no-restricted-imports'))
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
  });
});
