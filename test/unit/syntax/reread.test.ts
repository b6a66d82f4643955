/**
 * Incremental reading (core/syntax/reread.ts) against a fresh reading: over random edit sequences
 * applied to the seed texts (rule examples, examples, fixtures, the corpus when given) and generated
 * configurations, the tree read again in part after each edit must equal the whole text read afresh,
 * node for node: spans, names, arguments and their argument text, comments, diagnostics, files.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DEFAULT_READ_LIMITS, type FileAccess } from '../../../server/src/core/syntax/includes';
import { parse, ReadOptions } from '../../../server/src/core/syntax/parser';
import {
  expandedLines,
  foldedName,
  foldedNames,
  namesIn,
  outermostSection,
  parentSection,
  positionsNamed,
} from '../../../server/src/core/syntax/named';
import { reread, rereadPart } from '../../../server/src/core/syntax/reread';
import type { Node, SyntaxTree } from '../../../server/src/core/syntax/tree';
import { walk } from '../../../server/src/core/syntax/walk';
import { dumpTree as dump, editedTexts, grammarText, keystrokes, largeText, seedTexts } from '../../fuzz/inputs';
import { FUZZ_SCALE, fuzzRuns } from '../../support/fuzz';

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
  // What substitution may add runs out within a few lines.
  { path: '', environment: { HOST: 'h', LONG: 'long'.repeat(100) }, limits: { ...DEFAULT_READ_LIMITS, size: 2_000 } },
];

/**
 * A configuration of several files: an entry that includes a folder inside a virtual host, a file
 * that includes another, lines after each, and a variable defined before the includes and again after them.
 */
const LAYOUT_ENTRY = '/etc/apache2/apache2.conf';
const LAYOUT: Readonly<Record<string, string>> = {
  [LAYOUT_ENTRY]:
    'Define SITE one\nServerName main\nInclude /etc/apache2/mods/*.conf\n<VirtualHost *:80>\nServerName a\nInclude /etc/apache2/sites/*.conf\nProxyPass /x balancer://m/\n</VirtualHost>\nDefine SITE two\nProxyPass /y http://${SITE}/\n',
  '/etc/apache2/mods/proxy.conf': '<Proxy balancer://m>\nBalancerMember http://m1\n</Proxy>\n',
  '/etc/apache2/sites/one.conf': '<Location /one>\nProxyPass http://${SITE}/\n</Location>\n',
  '/etc/apache2/sites/two.conf': 'Include /etc/apache2/deep.conf\n# two\nProxyPass /two balancer://m/\n',
  '/etc/apache2/deep.conf': '<Proxy balancer://d>\nBalancerMember http://d1 loadfactor=2\n</Proxy>',
};
/** The files an edit is made in: the entry, a file of an included folder with others after it, and a file an included file includes. */
const LAYOUT_FILES = [LAYOUT_ENTRY, '/etc/apache2/sites/one.conf', '/etc/apache2/deep.conf'];
const LAYOUT_OPTIONS: readonly ReadOptions[] = [
  { environment: {} },
  { defines: ['X'], environment: { HOST: 'h' }, environmentIsComplete: true },
  // Every file fits, but a few hundred characters more do not.
  { environment: {}, limits: { ...DEFAULT_READ_LIMITS, size: 1_500 } },
];

/** The layout's files as `texts` has them now, and their folders. */
function layoutAccess(texts: ReadonlyMap<string, string>): FileAccess {
  return {
    readFile: (path) => texts.get(path),
    readDirectory: (path) => {
      const names = [...texts.keys()]
        .filter((file) => file.startsWith(`${path}/`))
        .map((file) => file.slice(path.length + 1).split('/')[0]!);
      return names.length > 0 ? [...new Set(names)] : undefined;
    },
  };
}

/**
 * The walk and the index of names of a tree read in part (made from those of the tree before, for
 * the nodes the edit left in place: syntax/walk.ts, named.ts) against those made afresh over the
 * same nodes (a copy of the list is another key): step for step, the same nodes and parents.
 */
function assertWalkedAsFresh(tree: SyntaxTree, context: string): void {
  const nodes = tree.nodes;
  const fresh: readonly Node[] = [...nodes];
  const [steps, freshSteps] = [walk(nodes), walk(fresh)];
  assert.equal(steps.length, freshSteps.length, context);
  steps.forEach((step, at) => assert.deepEqual(step, freshSteps[at], `step ${at} ${context}`));
  assert.deepEqual(foldedNames(nodes), foldedNames(fresh), context);
  assert.deepEqual(expandedLines(nodes), expandedLines(fresh), context);
  for (const name of namesIn(fresh))
    assert.deepEqual(Array.from(positionsNamed(nodes, [name])), Array.from(positionsNamed(fresh, [name])), context);
  for (const step of freshSteps) {
    if (step.kind !== 'enter') continue;
    const section = step.section;
    assert.equal(parentSection(nodes, section), parentSection(fresh, section), context);
    assert.equal(outermostSection(nodes, section), outermostSection(fresh, section), context);
    assert.equal(foldedName(nodes, section), foldedName(fresh, section), context);
  }
}

describe('incremental reading (reread)', function () {
  this.timeout(120_000 * FUZZ_SCALE);
  const seeds = seedTexts().texts;
  it('reads an edited text as a fresh reading does, edit after edit', () => {
    const counts = { edits: 0, inPart: 0 };
    fc.assert(
      fc.property(
        fc.oneof({ weight: 3, arbitrary: fc.oneof(fc.constantFrom(...seeds), grammarText) }, { weight: 1, arbitrary: largeText(seeds) }),
        fc.constantFrom('', 'Define X 1\n'),
        keystrokes,
        fc.constantFrom(...OPTIONS),
        (start, defined, strokes, options) => {
          let tree = parse(defined + start, options);
          for (const text of editedTexts(defined + start, strokes)) {
            // Walked and indexed, as an analysis does: the next tree's walk and index are made from these.
            foldedNames(tree.nodes);
            const part = rereadPart(tree, text, options);
            const fresh = parse(text, options);
            counts.edits++;
            if (part) counts.inPart++;
            tree = part ?? fresh;
            assert.equal(dump(tree), dump(fresh), `after an edit giving ${JSON.stringify(text)}`);
            assertWalkedAsFresh(tree, `after an edit giving ${JSON.stringify(text)}`);
          }
        },
      ),
      fuzzRuns(200),
    );
    // The property means nothing unless most edits take the partial path.
    assert.ok(counts.inPart > counts.edits * 0.3, `only ${counts.inPart} of ${counts.edits} edits were read in part`);
  });

  it('reads an edit of any file of a configuration with includes as a fresh reading does, edit after edit', () => {
    const counts = { edits: 0, inPart: 0 };
    fc.assert(
      fc.property(
        fc.oneof({ weight: 3, arbitrary: fc.oneof(fc.constantFrom(...seeds), grammarText) }, { weight: 1, arbitrary: largeText(seeds) }),
        fc.constantFrom(...LAYOUT_FILES),
        keystrokes,
        fc.constantFrom(...LAYOUT_OPTIONS),
        (start, edited, strokes, options) => {
          const texts = new Map(Object.entries(LAYOUT));
          // The edited file keeps its own lines ahead of the text typed into it.
          texts.set(edited, `${LAYOUT[edited]}${start}`);
          const read = (): ReadOptions => ({ ...options, path: LAYOUT_ENTRY, files: layoutAccess(texts) });
          let tree = parse(texts.get(LAYOUT_ENTRY)!, read());
          for (const text of editedTexts(texts.get(edited)!, strokes)) {
            foldedNames(tree.nodes);
            texts.set(edited, text);
            const entry = texts.get(LAYOUT_ENTRY)!;
            const part = rereadPart(tree, entry, read(), edited === LAYOUT_ENTRY ? undefined : { path: edited, text });
            const fresh = parse(entry, read());
            counts.edits++;
            if (part) counts.inPart++;
            tree = part ?? fresh;
            assert.equal(dump(tree), dump(fresh), `after an edit of ${edited} giving ${JSON.stringify(text)}`);
            assertWalkedAsFresh(tree, `after an edit of ${edited} giving ${JSON.stringify(text)}`);
          }
        },
      ),
      fuzzRuns(200),
    );
    assert.ok(counts.inPart > counts.edits * 0.3, `only ${counts.inPart} of ${counts.edits} edits were read in part`);
  });

  it('reads the whole configuration again where the edited file is read twice, or others changed too', () => {
    const texts = new Map(Object.entries(LAYOUT));
    const options = { path: LAYOUT_ENTRY, files: layoutAccess(texts) };
    const tree = parse(LAYOUT[LAYOUT_ENTRY]!, options);
    const site = '/etc/apache2/sites/one.conf';
    const edited = { path: site, text: LAYOUT[site]!.replace('/one', '/uno') };
    assert.ok(rereadPart(tree, LAYOUT[LAYOUT_ENTRY]!, options, edited));
    // The entry's own text changed as well: not an edit of one file.
    assert.equal(rereadPart(tree, `${LAYOUT[LAYOUT_ENTRY]}ProxyPass /z http://z/\n`, options, edited), undefined);
    const twice = `${LAYOUT[LAYOUT_ENTRY]}Include ${site}\n`;
    assert.equal(rereadPart(parse(twice, options), twice, options, edited), undefined);
  });

  it('reads the whole text again where the edit changes the read-time state or reads it', () => {
    const text =
      'Define A 1\n<Proxy balancer://x>\nBalancerMember http://${A}\n</Proxy>\n<IfModule foo_module>\nProxyPass /a b\n</IfModule>\nProxyPass /c d\n';
    const tree = parse(text);
    for (const edited of [
      text.replace('Define A 1', 'Define A 2'),
      text.replace('</Proxy>\n', ''),
      `<Proxy balancer://y>\n${text}`,
      // A line that starts with LoadModule, though only the end of ProxyPass's: <IfModule> is answered exactly.
      text.replace('/c d', '/c \\\nLoadModule x y'),
    ]) {
      assert.equal(rereadPart(tree, edited, {}), undefined, edited);
      assert.equal(dump(reread(tree, edited, {})), dump(parse(edited)));
    }
  });

  it("reads the whole text again where mod_macro's messages would name other lines", () => {
    const text = 'ProxyPass /c d\n<Macro M $a>\nBalancerMember http://$a\n</Macro>\n<Proxy balancer://x>\nUse M 1 2\n</Proxy>\n';
    const tree = parse(text);
    assert.equal(rereadPart(tree, text.replace('/c d', '/c d e\nProxyPass /f'), {}), undefined);
    assert.ok(rereadPart(tree, text.replace('/c d', '/c e'), {}));
  });

  it('reads a ${VAR} with the variables the lines before it set, unless substitution may run out', () => {
    const text = 'Define A 1\nUnDefine B\nDefine B 2\n<VirtualHost *:80>\nDefine C 3\n</VirtualHost>\nProxyPass /c d\n';
    const tree = parse(text);
    for (const edited of [text.replace('/c d', '/c ${A}${B}${C}'), text.replace('/c d', '/c $\\\n{A}')]) {
      const part = rereadPart(tree, edited, {});
      assert.ok(part, edited);
      assert.equal(dump(part), dump(parse(edited)));
    }
    const tight = { environment: { LONG: 'x'.repeat(100) }, limits: { ...DEFAULT_READ_LIMITS, size: 1_000 } };
    const edited = text.replace('/c d', `/c ${'${LONG}'.repeat(12)}`);
    assert.ok(dump(parse(edited, tight)).includes('include-over-limit'));
    assert.equal(rereadPart(parse(text, tight), edited, tight), undefined);
  });

  it('finds the change wherever it is in a long text', () => {
    const member = 'BalancerMember http://10.0.0.1:8080 loadfactor=5\n';
    const text = `<Proxy balancer://x>\n${member.repeat(100)}</Proxy>\n`;
    const tree = parse(text);
    // Near every multiple of 1,024 characters from either end: where the search for the change compares whole runs.
    const near = (offset: number): boolean => offset % 1024 < 4 || offset % 1024 > 1020;
    for (let at = 0; at < text.length; at++) {
      if (!near(at) && !near(text.length - at)) continue;
      const edits = [
        text.slice(0, at) + '7' + text.slice(at + 1),
        text.slice(0, at) + text.slice(at + 1),
        text.slice(0, at) + '\n' + text.slice(at + 1),
        text.slice(0, at) + 'x\n<Proxy a>' + text.slice(at),
      ];
      for (const edited of edits) assert.equal(dump(rereadPart(tree, edited, {}) ?? parse(edited)), dump(parse(edited)), `edited at ${at}`);
    }
  });

  it('reads again only the lines an edit touched inside a true conditional section, which keeps its answer', () => {
    const text = [
      'Define A 1',
      '<IfDefine A>',
      '  <IfModule mod_proxy.c>',
      '    <Proxy balancer://x>',
      '      BalancerMember http://${A}.0.0.1 loadfactor=5',
      '    </Proxy>',
      '    ProxyPass /x balancer://x/',
      '  </IfModule>',
      '  # the last line inside',
      '</IfDefine>',
      'Define A 2',
      '<IfDefine B>',
      'ProxyPass /b http://b/',
      '</IfDefine>',
      '<IfDefine A>',
      '  <Proxy balancer://unclosed>',
      '  BalancerMember http://u1 loadfactor=1',
      '</IfDefine>',
      'ProxyPass /c http://c/',
      '',
    ].join('\n');
    const tree = parse(text);
    let inPart = 0;
    for (let at = 0; at < text.length; at++) {
      const edits = [
        text.slice(0, at) + '7' + text.slice(at + 1),
        text.slice(0, at) + text.slice(at + 1),
        text.slice(0, at) + '\n' + text.slice(at),
        text.slice(0, at) + 'x\n<Proxy a>' + text.slice(at),
        text.slice(0, at) + 'ProxyPass /${A} b\n' + text.slice(at),
      ];
      for (const edited of edits) {
        const part = rereadPart(tree, edited, {});
        if (part) inPart++;
        assert.equal(dump(part ?? parse(edited)), dump(parse(edited)), `edited at ${at}: ${JSON.stringify(edited)}`);
      }
    }
    assert.ok(inPart > 0);
    // Inside both conditionals, and after the inner one: only those lines are read again.
    for (const edited of [
      text.replace('loadfactor=5', 'loadfactor=57'),
      text.replace('/x balancer', '/xy balancer'),
      text.replace('# the last', '# and the last'),
    ]) {
      const part = rereadPart(tree, edited, {});
      assert.ok(part, edited);
      assert.equal(dump(part), dump(parse(edited)));
    }
    // On a conditional's own lines, or inside a false one: the whole text.
    for (const edited of [text.replace('<IfDefine A>', '<IfDefine !A>'), text.replace('</IfModule>', '</IfModule >')])
      assert.equal(rereadPart(tree, edited, {}), undefined, edited);
  });

  it('keeps what an edit did not touch, moved by its length', () => {
    const text = '<Proxy balancer://x>\nBalancerMember http://a\n</Proxy>\n# note\nProxyPass /x balancer://x/\n';
    const edited = text.replace('http://a', 'http://abc');
    const part = rereadPart(parse(text), edited, {});
    assert.ok(part);
    assert.equal(dump(part), dump(parse(edited)));
  });

  it('keeps no earlier text alive through the lines it read again', () => {
    // A tree keeps its own text; what it kept of the texts before the edits, a full collection shows.
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    // Balancers of ten members each: an edit reads one of them again and keeps the others.
    const member = (i: number): string => `    BalancerMember "http://10.0.${i >> 8}.${i & 255}:8080" loadfactor=5 route=member${i}`;
    const balancer = (b: number): string =>
      `<Proxy "balancer://app${b}">\n${Array.from({ length: 10 }, (_, i) => member(b * 10 + i)).join('\n')}\n</Proxy>\n`;
    let text = Array.from({ length: 300 }, (_, b) => balancer(b)).join('');
    let tree = parse(text);
    collect();
    const before = process.memoryUsage().heapUsed;
    const edits = 80;
    for (let edit = 0; edit < edits; edit++) {
      const at = text.indexOf('loadfactor=5', Math.floor((edit * text.length) / edits)) + 'loadfactor='.length;
      // Typing moves the lines after the edit; overwriting a digit keeps every line where it was.
      text = edit % 2 === 0 ? text.slice(0, at) + '5' + text.slice(at) : text.slice(0, at) + '6' + text.slice(at + 1);
      // Walked and indexed, as an analysis does: the next walk and index are made from these.
      foldedNames(tree.nodes);
      tree = rereadPart(tree, text, {})!;
      assert.ok(tree, `edit ${edit} is read in part`);
    }
    collect();
    const kept = process.memoryUsage().heapUsed - before;
    // Each text is about 230 KB: one kept per edit would be 80 of them, a tree and the first text about two.
    assert.ok(
      kept < 10 * text.length,
      `${(kept / 1e6).toFixed(1)} MB more after ${edits} edits of a text of ${(text.length / 1e6).toFixed(2)} MB`,
    );
  });
});
