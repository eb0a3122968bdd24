import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The client's floors as `npm run lint` enforces them (eslint.config.js, docs/architecture.md "Client layout"): each
 * case lints one line of code as if it stood in the file named, with the project's own configuration.
 */
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

/** The messages of the rules that guard imports, for `code` written in `file`. */
async function importProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports' || message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
}

describe('the client floors lint enforces', () => {
  it("refuses a feature's import of another feature's files, from any depth, static or lazy", async () => {
    const refused = [
      ['src/client/features/import/components/ImportSection.tsx', "import { journalKeys } from '../../journal/api';"],
      ['src/client/features/settings/api.ts', "import { sendImport } from '../import/api';"],
      [
        'src/client/features/journal/list/components/EntryCard.tsx',
        "import { useUpdateProfile } from '../../../settings/api';",
      ],
      [
        'src/client/features/landing/components/LandingPage.tsx',
        "export const load = () => import('../../journal/components/JournalPage');",
      ],
    ];
    for (const [file, code] of refused) {
      expect(await importProblems(file ?? '', code ?? ''), `${file}: ${code}`).toEqual([
        expect.stringContaining("A feature imports no other feature's files"),
      ]);
    }
  });

  it('lets the parts of one feature import each other, and a feature import lib/, ui/, styles/ and src/shared', async () => {
    const allowed = [
      ['src/client/features/journal/list/components/EntryCard.tsx', "import { answeredFields } from '../../print/journal-export';"],
      ['src/client/features/journal/list/components/EntryCard.tsx', "import { useAuth } from '../../../../lib/session/auth-context';"],
      ['src/client/features/import/components/ImportSection.tsx', "import { Button } from '../../../ui/Button';"],
      ['src/client/features/import/components/ImportSection.tsx', "import '../../../styles/import.css';"],
      ['src/client/features/import/api.ts', "import { CSV_FIELDS } from '../../../shared/import';"],
      ['src/client/features/auth/components/LoginPage.tsx', "export const load = () => import('./SignupForm');"],
    ];
    for (const [file, code] of allowed) {
      expect(await importProblems(file ?? '', code ?? ''), `${file}: ${code}`).toEqual([]);
    }
  });

  it('refuses an import upwards: a feature of app/, lib/ of ui/ or a feature, ui/ of a feature', async () => {
    const refused = [
      ['src/client/features/auth/components/RouteGuards.tsx', "import { paths } from '../../../app/paths';"],
      ['src/client/lib/page-made-ahead.ts', "import { paths } from '../app/paths';"],
      ['src/client/lib/session/AuthProvider.tsx', "import { Button } from '../../ui/Button';"],
      ['src/client/lib/api.ts', "import { journalKeys } from '../features/journal/api';"],
      ['src/client/ui/TextField.tsx', "import { EntryFields } from '../features/journal/writing/components/EntryFields';"],
      ['src/client/ui/Dialog.tsx', "export const load = () => import('../app/router');"],
    ];
    for (const [file, code] of refused) {
      expect(await importProblems(file ?? '', code ?? ''), `${file}: ${code}`).toEqual([
        expect.stringMatching(/imports only/),
      ]);
    }
  });

  it('lets app/ import every floor, and ui/ import lib/', async () => {
    const allowed = [
      ['src/client/app/SettingsRoute.tsx', "import { ImportSection } from '../features/import/components/ImportSection';"],
      ['src/client/app/router.tsx', "import { paths } from '../lib/paths';"],
      ['src/client/ui/Dialog.tsx', "import { useFocusOnMount } from '../lib/use-focus-on-mount';"],
    ];
    for (const [file, code] of allowed) {
      expect(await importProblems(file ?? '', code ?? ''), `${file}: ${code}`).toEqual([]);
    }
  });

  it("lets the tests of every floor import what the client's tests share, and no other code", async () => {
    const drawing = "import { draw } from '../../../test/dom';";
    expect(await importProblems('src/client/features/settings/components/ProfileSection.test.tsx', drawing)).toEqual([]);
    expect(await importProblems('src/client/features/settings/components/ProfileSection.tsx', drawing)).toEqual([
      expect.stringMatching(/imports only/),
    ]);
    expect(await importProblems('src/client/test/dom.tsx', "import { draw } from '../features/settings/api';")).toEqual([
      expect.stringMatching(/imports only/),
    ]);
  });

  it("still lets the client import the server's types, and nothing else of it", async () => {
    const file = 'src/client/features/journal/api.ts';
    expect(await importProblems(file, "import type { AppType } from '../../../server/app';")).toEqual([]);
    expect(await importProblems(file, "import { createApp } from '../../../server/app';")).toEqual([
      expect.stringContaining('The client never imports the server.'),
    ]);
  });
});
