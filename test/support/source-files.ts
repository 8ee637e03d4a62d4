import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every TypeScript file below `dir` but unit specs: the code the source-reading tests look at. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      return sourceFiles(path);
    }
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}
