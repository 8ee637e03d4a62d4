import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { declaredSettings } from './config/settings';
import { envExample, settingsTable, withSettingsTable } from './config/settings-documents';

/**
 * `npm run settings`: writes `.env.example` and the settings table of docs/operators.md from the
 * rooms' declarations (`src/<room>/<room>.settings.ts`). src/config/settings-documents.spec.ts fails
 * when the committed files differ from what this writes.
 */
const root = join(__dirname, '..');
const rooms = declaredSettings();
const guidePath = join(root, 'docs', 'operators.md');
writeFileSync(join(root, '.env.example'), envExample(rooms));
writeFileSync(guidePath, withSettingsTable(readFileSync(guidePath, 'utf8'), settingsTable(rooms)));
const count = rooms.reduce((sum, room) => sum + room.settings.length, 0);
process.stdout.write(`.env.example and docs/operators.md: ${count} settings of ${rooms.length} rooms\n`);
