import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';
import { sourceFiles } from './support/source-files';

const SRC = join(__dirname, '..', 'src');

/**
 * No service with more than 8 collaborators (issue 54, point 2): a class that needs more does more than
 * one job, and is split into classes that each do one (ConversationReplies, CustomerMail, ...). Counted
 * from the source, as Nest injects them: the parameters of the constructor of every `@Injectable()`
 * class under src/.
 */
const MOST_COLLABORATORS = 8;

function isInjectable(node: ts.ClassDeclaration): boolean {
  return (ts.getDecorators(node) ?? []).some((decorator) => {
    const call = decorator.expression;
    return ts.isCallExpression(call) && ts.isIdentifier(call.expression) && call.expression.text === 'Injectable';
  });
}

/** `folder/file.ts Class` -> how many parameters its constructor takes, for every @Injectable class. */
function collaboratorCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const path of sourceFiles(SRC)) {
    const text = readFileSync(path, 'utf8');
    if (!text.includes('@Injectable(')) {
      continue;
    }
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isClassDeclaration(node) && node.name && isInjectable(node)) {
        const constructor = node.members.find(ts.isConstructorDeclaration);
        counts.set(`${relative(SRC, path)} ${node.name.text}`, constructor?.parameters.length ?? 0);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return counts;
}

describe('collaborators of a service', () => {
  const counts = collaboratorCounts();

  it('finds the services under src/', () => {
    // A reader that found nothing would pass everything.
    expect(counts.size).toBeGreaterThan(100);
    expect(counts.get('conversations/conversation-timeline.ts ConversationTimeline')).toBeGreaterThan(0);
  });

  it(`no @Injectable class takes more than ${MOST_COLLABORATORS}`, () => {
    const over = [...counts]
      .filter(([, count]) => count > MOST_COLLABORATORS)
      .map(([name, count]) => `${name}: ${count}`);
    expect(over).toEqual([]);
  });
});
