// `npm run openapi` (after writing openapi.json): the console's API types, generated from openapi.json by
// openapi-typescript. test/console-api-types.spec.ts runs this script and compares with the committed file.
// Usage: node scripts/write-console-schema.mjs [openapi.json] [console/src/api-schema.d.ts]
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';

const HEADER = `/**
 * GENERATED FILE, do not edit: written by openapi-typescript from openapi.json
 * (scripts/write-console-schema.mjs, run by \`npm run openapi\`). console/src/api.ts names its types.
 */

`;

const [input = 'openapi.json', output = 'console/src/api-schema.d.ts'] = process.argv.slice(2);
const ast = await openapiTS(JSON.parse(readFileSync(input, 'utf8')));
writeFileSync(output, HEADER + astToString(ast));
process.stdout.write(`${output} written\n`);
