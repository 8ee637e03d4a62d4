import { readFile } from 'node:fs/promises';
import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import { CLI_ACTOR } from '../../audit/actor';
import { printLine } from '../../cli-output';
import { CustomFieldsService } from '../custom-fields.service';

/** A definitions file larger than this is refused before it is parsed (the API's body limit is 64 KiB). */
const MAX_FILE_BYTES = 1024 * 1024;

@SubCommand({
  name: 'show',
  arguments: '<key-id>',
  description: "print a key's custom fields as JSON ({version, fields})",
})
export class ShowFieldsCommand extends CommandRunner {
  constructor(private readonly fields: CustomFieldsService) {
    super();
  }

  async run([keyId]: string[]): Promise<void> {
    printLine(JSON.stringify(await this.fields.view(keyId), null, 2));
  }
}

@SubCommand({
  name: 'set',
  arguments: '<key-id>',
  description:
    'replace a key\'s custom fields with the list in a JSON file ({"fields": [...]}, as PUT /staff/api/keys/:id/fields takes); a field left out is retired',
})
export class SetFieldsCommand extends CommandRunner {
  constructor(private readonly fields: CustomFieldsService) {
    super();
  }

  async run([keyId]: string[], options: { file?: string }): Promise<void> {
    if (!options.file) {
      throw new Error('--file is required (a JSON file, or - for standard input)');
    }
    const text = options.file === '-' ? await readStandardInput() : await readFile(options.file, 'utf8');
    if (Buffer.byteLength(text) > MAX_FILE_BYTES) {
      throw new Error('The file is larger than 1 MiB');
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error('The file is not JSON');
    }
    const view = await this.fields.replace(keyId, body, CLI_ACTOR);
    printLine(
      `API key ${keyId}: fields version ${view.version} (${view.fields.map((field) => field.name).join(', ') || 'none'})`,
    );
  }

  @Option({ flags: '--file <path>', description: 'the JSON file ({"fields": [...]}); - reads standard input' })
  parseFile(value: string): string {
    return value;
  }
}

async function readStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (size > MAX_FILE_BYTES) {
      throw new Error('The input is larger than 1 MiB');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

@Command({
  name: 'fields',
  description: "manage API keys' custom fields (the questions of their forms)",
  subCommands: [ShowFieldsCommand, SetFieldsCommand],
})
export class FieldsCommand extends CommandRunner {
  run(): Promise<void> {
    this.command.help();
  }
}

export const FIELDS_COMMANDS = [FieldsCommand, ShowFieldsCommand, SetFieldsCommand];
