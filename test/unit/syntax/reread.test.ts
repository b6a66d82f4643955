/**
 * Incremental reading (core/syntax/reread.ts) against a fresh reading: over random edit sequences
 * applied to the seed texts (rule examples, examples, fixtures, the corpus when given) and generated
 * configurations, the tree read again in part after each edit must equal the whole text read afresh,
 * node for node: spans, names, arguments and their argument text, comments, diagnostics, files.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { FileAccess } from '../../../server/src/core/syntax/includes';
import { parse, ReadOptions } from '../../../server/src/core/syntax/parser';
import { reread, rereadPart } from '../../../server/src/core/syntax/reread';
import type { SyntaxTree } from '../../../server/src/core/syntax/tree';
import { grammarText, seedTexts, TOKENS } from '../../fuzz/inputs';
import { fuzzRuns } from '../../support/fuzz';

/** Everything a tree holds, as text: own fields, and a directive's argument text, which may be a getter. */
function dump(tree: SyntaxTree): string {
  return JSON.stringify(tree, (key, value: unknown) => {
    if (value instanceof Set) return [...(value as Set<string>)].sort();
    if (value && typeof value === 'object' && (value as { kind?: string }).kind === 'directive' && !Object.keys(value).includes('argText'))
      return { ...value, argText: (value as { argText: unknown }).argText };
    return value;
  });
}

const FILES: Readonly<Record<string, string>> = {
  '/etc/apache2/extra.conf': '<Proxy balancer://extra>\nBalancerMember http://10.0.0.9\n</Proxy>\n',
};
const FOLDERS: Readonly<Record<string, string[]>> = {
  '/etc/apache2': ['extra.conf', 'sites', 'x.conf'],
  '/usr/lib/apache2/modules': ['mod_proxy.so', 'mod_macro.so'],
};
const ACCESS: FileAccess = {
  readFile: (path) => FILES[path],
  readDirectory: (path) => FOLDERS[path],
};

/** How the edited file is read: alone; with defines and variables; with files to include and look for. */
const OPTIONS: readonly ReadOptions[] = [
  { path: '/etc/apache2/x.conf', environment: {} },
  { path: '', defines: ['X'], environment: { HOST: 'h', EMPTY: '' } },
  { path: '/etc/apache2/x.conf', environment: { HOST: 'h' }, environmentIsComplete: true, files: ACCESS },
];

/** One edit: at a fraction of the text, remove some characters and insert others. */
const piece = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      'a',
      'Z',
      '1',
      ' ',
      ' ',
      '\t',
      '\n',
      '\n',
      '\r\n',
      '\\',
      '\\\n',
      '<',
      '>',
      '/',
      '#',
      '"',
      '$',
      '{',
      '}',
      '=',
      ':',
      '\0',
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom(...TOKENS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'Define X 1\n',
      '${X}',
      '$\\\n{X}',
      '${HOST}',
      '\\\nLoadModule x y\n',
      '<IfModule proxy_module>\n',
      '</IfModule>\n',
      'Include extra.conf\n',
      '</Proxy>\n',
    ),
  },
);
const edit = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  remove: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(0, 0, 1) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 60 }) }),
  insert: fc.oneof({ weight: 1, arbitrary: fc.constant('') }, { weight: 3, arbitrary: piece }),
});
/** A run of keystrokes at one place: what typing is. */
const typing = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), keys: fc.array(piece, { minLength: 1, maxLength: 8 }) });
const edits = fc.array(
  fc.oneof(
    edit.map((one) => [one]),
    typing.map(({ at, keys }) => keys.map((key, index) => ({ at, remove: 0, insert: key, after: index }))),
  ),
  {
    minLength: 1,
    maxLength: 6,
  },
);

describe('incremental reading (reread)', () => {
  const seeds = seedTexts().texts;
  const counts = { edits: 0, inPart: 0 };

  after(() => {
    // The property means nothing unless most edits take the partial path.
    assert.ok(counts.inPart > counts.edits * 0.3, `only ${counts.inPart} of ${counts.edits} edits were read in part`);
  });

  it('reads an edited text as a fresh reading does, edit after edit', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...seeds), grammarText),
        fc.constantFrom('', 'Define X 1\n'),
        edits,
        fc.constantFrom(...OPTIONS),
        (start, defined, runs, options) => {
          let text = defined + start;
          let tree = parse(text, options);
          for (const run of runs) {
            let at = -1;
            for (const step of run) {
              if (!('after' in step) || step.after === 0) at = Math.floor(step.at * text.length);
              const next = text.slice(0, at) + step.insert + text.slice(at + step.remove);
              at += step.insert.length;
              const part = rereadPart(tree, next, options);
              const fresh = parse(next, options);
              counts.edits++;
              if (part) counts.inPart++;
              tree = part ?? fresh;
              assert.equal(
                dump(tree),
                dump(fresh),
                `after an edit at ${at} of ${JSON.stringify(next.slice(Math.max(0, at - 40), at + 40))}`,
              );
              text = next;
            }
          }
        },
      ),
      fuzzRuns(300),
    );
  });

  it('reads the whole text again where the edit changes the read-time state or reads it', () => {
    const text =
      'Define A 1\n<Proxy balancer://x>\nBalancerMember http://${A}\n</Proxy>\n<IfModule foo_module>\nProxyPass /a b\n</IfModule>\nProxyPass /c d\n';
    const tree = parse(text);
    for (const edited of [
      text.replace('Define A 1', 'Define A 2'),
      text.replace('</Proxy>\n', ''),
      `<Proxy balancer://y>\n${text}`,
      text.replace('/c d', '/c ${A}'),
      text.replace('/c d', '/c $\\\n{A}'),
      // A line that starts with LoadModule, though only the end of ProxyPass's: <IfModule> is answered exactly.
      text.replace('/c d', '/c \\\nLoadModule x y'),
    ]) {
      assert.equal(rereadPart(tree, edited, {}), undefined, edited);
      assert.equal(dump(reread(tree, edited, {})), dump(parse(edited)));
    }
  });

  it('keeps what an edit did not touch, moved by its length', () => {
    const text = '<Proxy balancer://x>\nBalancerMember http://a\n</Proxy>\n# note\nProxyPass /x balancer://x/\n';
    const edited = text.replace('http://a', 'http://abc');
    const part = rereadPart(parse(text), edited, {});
    assert.ok(part);
    assert.equal(dump(part), dump(parse(edited)));
  });
});
