import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { declaredSettings } from './settings';
import {
  differingSettings,
  envExample,
  envExampleNames,
  envExamplePiece,
  settingsTable,
  tableNames,
  tableRow,
  withSettingsTable,
} from './settings-documents';

const ROOT = join(__dirname, '..', '..');
const REGENERATE = 'run `npm run settings` and commit what it writes';

describe('the settings documents', () => {
  const rooms = declaredSettings();

  it('.env.example is what the declarations write', () => {
    const committed = readFileSync(join(ROOT, '.env.example'), 'utf8');
    const differing = differingSettings(committed, rooms, envExamplePiece, envExampleNames);
    expect({ differing, fix: REGENERATE }).toEqual({ differing: [], fix: REGENERATE });
    expect(committed).toBe(envExample(rooms));
  });

  it("the operator's settings table is what the declarations write", () => {
    const committed = readFileSync(join(ROOT, 'docs', 'operators.md'), 'utf8');
    const differing = differingSettings(committed, rooms, tableRow, tableNames);
    expect({ differing, fix: REGENERATE }).toEqual({ differing: [], fix: REGENERATE });
    expect(committed).toBe(withSettingsTable(committed, settingsTable(rooms)));
  });

  it('declares every setting once, with a description, and leaves secrets out of .env.example', () => {
    const settings = rooms.flatMap((room) => room.settings);
    const names = settings.map((setting) => setting.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    expect(settings.filter((setting) => setting.description.trim() === '').map((setting) => setting.name)).toEqual([]);
    for (const setting of settings.filter((each) => each.secret)) {
      expect(envExamplePiece(setting)).toMatch(new RegExp(`\\n${setting.name}=$`));
    }
  });
});
