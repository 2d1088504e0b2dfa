import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rules that keep the API's rooms apart, tried on planted imports (docs/ARCHITECTURE.md).
const eslint = new ESLint({ cwd: import.meta.dirname });

async function roomErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'homing/api-rooms').map((m) => m.message);
}

// The first lint loads the whole config: generous, so a busy machine cannot trip it.
describe('API rooms (homing/api-rooms)', { timeout: 120_000 }, () => {
  it('keeps helpers below the services', async () => {
    const errors = await roomErrors(
      'apps/api/src/lib/planted.ts',
      "import { setLoader } from '../services/labels/setLoader';\nexport const x = setLoader;\n",
    );
    expect(errors).toEqual([
      'lib may not import services/labels (../services/labels/setLoader); see ROOMS in eslint.rooms.js',
    ]);
  });

  it('lets items use labels and finders, but not labels use items', async () => {
    expect(
      await roomErrors(
        'apps/api/src/services/items/planted.ts',
        "import { codeClaimer } from '../labels/codeClaimer';\nimport { foundEventsPager } from '../finders/foundEventsPager';\nexport const x = [codeClaimer, foundEventsPager];\n",
      ),
    ).toEqual([]);
    expect(
      await roomErrors(
        'apps/api/src/services/labels/planted.ts',
        "import { itemCreator } from '../items/itemCreator';\nexport const x = itemCreator;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets a presenter name a service row type but never call a service', async () => {
    expect(
      await roomErrors(
        'apps/api/src/presenters/labels/planted.ts',
        "import type { SetWithCounts } from '../../services/labels/setLoader';\nexport type X = SetWithCounts;\n",
      ),
    ).toEqual([]);
    expect(
      await roomErrors(
        'apps/api/src/presenters/labels/planted.ts',
        "import { setLoader } from '../../services/labels/setLoader';\nexport const x = setLoader;\n",
      ),
    ).toEqual([
      'presenters may not import services/labels (../../services/labels/setLoader); see ROOMS in eslint.rooms.js',
    ]);
  });

  it('leaves routes and tests free to import any room', async () => {
    const code =
      "import { setLoader } from '../../services/labels/setLoader';\nexport const x = setLoader;\n";
    expect(await roomErrors('apps/api/src/routes/admin/planted.ts', code)).toEqual([]);
    expect(await roomErrors('apps/api/src/lib/planted.test.ts', code.replace('../../', '../'))).toEqual([]);
  });
});
