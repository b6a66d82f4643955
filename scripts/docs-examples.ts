/**
 * The example outputs in README.md and docs/cli.md, produced by the tool: a block that follows a
 * `<!-- example: npx balancer-lens ARGS -->` line holds `$ npx balancer-lens ARGS` and what
 * `balancer-lens ARGS` prints, run from the repository's root. `npm run docs` rewrites the blocks;
 * test/unit/docs-examples.test.ts checks that the files on disk equal a fresh rendering.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../server/src/cli/run';

const ROOT = join(__dirname, '..');

/** The files whose examples are produced by the tool. */
export const EXAMPLE_FILES = ['README.md', 'docs/cli.md'].map((file) => join(ROOT, file));

/** The marker, its indentation, the command as shown, and the fenced block after it (same indentation). */
const EXAMPLE = /^( *)<!-- example: (.*?balancer-lens (.*?)) -->\n\1```\n[\s\S]*?^\1```$/gm;

/** Words as a shell splits them: on spaces, with '…' and "…" quoting. */
function words(command: string): string[] {
  return [...command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

/** What `balancer-lens ARGS` prints on stdout, run in this process from the repository's root, not on a terminal, without colour. */
function output(command: string): string {
  let stdout = '';
  let stderr = '';
  const status = run(
    {
      cwd: ROOT,
      env: { NO_COLOR: '1' },
      stdout: { write: (text) => void (stdout += text), isTTY: false },
      stderr: { write: (text) => void (stderr += text), isTTY: false },
      readStdin: () => 0,
      now: () => 0,
    },
    words(command),
  );
  if (typeof status !== 'number') throw new Error(`balancer-lens ${command}: an example must not wait on the network`);
  if (status > 1) throw new Error(`balancer-lens ${command} exited ${status}: ${stderr}`);
  return stdout;
}

/** The markdown with each marked block holding its command's output. */
export function renderExamples(markdown: string): string {
  return markdown.replace(EXAMPLE, (_block, indent: string, shown: string, command: string) => {
    const lines = [`$ ${shown}`, ...output(command).replace(/\n$/, '').split('\n')];
    const body = lines.map((line) => (line === '' ? '' : indent + line)).join('\n');
    return `${indent}<!-- example: ${shown} -->\n${indent}\`\`\`\n${body}\n${indent}\`\`\``;
  });
}

if (require.main === module) for (const file of EXAMPLE_FILES) writeFileSync(file, renderExamples(readFileSync(file, 'utf8')));
