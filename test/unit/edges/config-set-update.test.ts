/**
 * `updateSet` (core/config-set.ts), what the editor can call after an edit instead of `assembleSet`:
 * it must give exactly what assembling afresh gives, while reusing the trees of the configurations
 * the edit did not touch.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { generateBalancerHeavy } from '../../../bench/generate';
import { assembleSet, ConfigurationSet, SetFile, SetOptions, updateSet } from '../../../server/src/core/config-set';
import { RULES } from '../../../server/src/core/rules';
import type { Rule } from '../../../server/src/core/rules/types';
import { rereadPart } from '../../../server/src/core/syntax/reread';
import type { Directive } from '../../../server/src/core/syntax/tree';
import { dumpTree, editedTexts, grammarText, keystrokes, seedTexts } from '../../fuzz/inputs';
import { FUZZ_SCALE, fuzzRuns } from '../../support/fuzz';
import { memoryFiles } from '../../support/rules';

const BALANCER =
  '<Proxy balancer://x>\n    BalancerMember http://10.0.0.1:8080 retry=30\n    BalancerMember http://10.0.0.2:8080\n</Proxy>\n';

const START: Readonly<Record<string, string>> = {
  '/w/main.conf': 'Include /w/parts/*.conf\n',
  '/w/parts/bal.conf': BALANCER,
  '/w/parts/use.conf': 'ProxyPass /x/ balancer://x/\n',
  '/w/other.conf': 'ProxyPass /y/ balancer://y/\n<Proxy balancer://z>\n    BalancerMember http://10.0.1.1:8080 loadfactor=0\n</Proxy>\n',
};

function setOf(texts: Readonly<Record<string, string>>, epochSeconds = 1_800_000_000): { given: SetFile[]; options: SetOptions } {
  return {
    given: Object.entries(texts).map(([path, text]) => ({ key: path, path, text })),
    options: { files: memoryFiles(texts), keyOf: (path) => path, read: { epochSeconds }, rulesFor: () => undefined },
  };
}

/** The tree each file's configuration has, by file key. */
function treeOf(set: ConfigurationSet, key: string): unknown {
  return set.configurationOf.get(key)?.analysis.tree;
}

describe('updateSet: reassembling after an edit', () => {
  it('equals a fresh assembly and keeps the trees of the configurations the edit did not touch', () => {
    const before = setOf(START);
    const previous = assembleSet(before.given, before.options);
    const edited = { ...START, '/w/other.conf': START['/w/other.conf']!.replace('balancer://y/', 'balancer://x/') };
    const after = setOf(edited);
    const updated = updateSet(previous, after.given, new Set(['/w/other.conf']), after.options);
    assert.deepEqual(updated, assembleSet(after.given, after.options));
    assert.equal(treeOf(updated, '/w/main.conf'), treeOf(previous, '/w/main.conf'), 'main.conf was read again');
    assert.equal(treeOf(updated, '/w/parts/use.conf'), treeOf(previous, '/w/parts/use.conf'));
    assert.notEqual(treeOf(updated, '/w/other.conf'), treeOf(previous, '/w/other.conf'), 'the edited file kept its old tree');
  });

  it('reads again the configuration that includes an edited file', () => {
    const before = setOf(START);
    const previous = assembleSet(before.given, before.options);
    const edited = { ...START, '/w/parts/bal.conf': BALANCER.replace('retry=30', 'retry=30 status=+D') };
    const after = setOf(edited);
    const updated = updateSet(previous, after.given, new Set(['/w/parts/bal.conf']), after.options);
    assert.deepEqual(updated, assembleSet(after.given, after.options));
    assert.notEqual(treeOf(updated, '/w/main.conf'), treeOf(previous, '/w/main.conf'));
    assert.equal(treeOf(updated, '/w/other.conf'), treeOf(previous, '/w/other.conf'));
  });

  it('chooses the entries again when an edit adds or removes an Include', () => {
    let texts = START;
    let previous = assembleSet(setOf(texts).given, setOf(texts).options);
    const edits: [path: string, text: string][] = [
      ['/w/other.conf', `Include /w/parts/bal.conf\n${START['/w/other.conf']!}`],
      ['/w/main.conf', '# nothing included any more\n'],
      ['/w/parts/use.conf', 'ProxyPass /x/ balancer://x/\nProxyPass /z/ balancer://z/\n'],
      ['/w/main.conf', START['/w/main.conf']!],
      ['/w/other.conf', START['/w/other.conf']!],
    ];
    for (const [path, text] of edits) {
      texts = { ...texts, [path]: text };
      const { given, options } = setOf(texts);
      const updated = updateSet(previous, given, new Set([path]), options);
      assert.deepEqual(updated, assembleSet(given, options), `after editing ${path}`);
      previous = updated;
    }
  });

  it('equals a fresh assembly after each edit of random sequences, the edited file read again only where it changed', function () {
    this.timeout(120_000 * FUZZ_SCALE);
    const seeds = seedTexts().texts;
    let inPart = 0;
    let edits = 0;
    fc.assert(
      // A file read alone, or one that another includes (in a folder, before another file).
      fc.property(
        fc.oneof(fc.constantFrom(...seeds), grammarText),
        keystrokes,
        fc.constantFrom('/w/other.conf', '/w/parts/bal.conf'),
        (start, strokes, path) => {
          let texts: Record<string, string> = { ...START, [path]: start };
          let previous = assembleSet(setOf(texts).given, setOf(texts).options);
          for (const text of editedTexts(start, strokes)) {
            texts = { ...texts, [path]: text };
            const { given, options } = setOf(texts);
            const earlier = previous.configurationOf.get(path);
            const entry = earlier?.entry.path;
            if (earlier && entry) {
              const read = { ...options.read, path: entry, files: options.files };
              if (rereadPart(earlier.analysis.tree, texts[entry]!, read, entry === path ? undefined : { path, text })) inPart++;
            }
            edits++;
            const updated = updateSet(previous, given, new Set([path]), options);
            const fresh = assembleSet(given, options);
            assert.deepEqual(updated, fresh);
            for (const [index, configuration] of updated.configurations.entries())
              assert.equal(dumpTree(configuration.analysis.tree), dumpTree(fresh.configurations[index]!.analysis.tree));
            previous = updated;
          }
        },
      ),
      fuzzRuns(40),
    );
    assert.ok(inPart > edits * 0.3, `only ${inPart} of ${edits} edits were read in part`);
  });

  it('reads again only the edited lines of a file another includes', () => {
    const before = setOf(START);
    const previous = assembleSet(before.given, before.options);
    // As long as it was: the file read after it does not even move.
    const edited = { ...START, '/w/parts/bal.conf': BALANCER.replace('retry=30', 'retry=45') };
    const after = setOf(edited);
    const updated = updateSet(previous, after.given, new Set(['/w/parts/bal.conf']), after.options);
    assert.deepEqual(updated, assembleSet(after.given, after.options));
    const firstNodeOf = (set: ConfigurationSet, path: string): unknown => {
      const include = set.configurationOf.get('/w/main.conf')!.analysis.tree.nodes[0] as Directive;
      return include.included!.find((file) => file.path === path)!.nodes[0];
    };
    assert.ok(firstNodeOf(previous, '/w/parts/use.conf'));
    assert.equal(firstNodeOf(updated, '/w/parts/use.conf'), firstNodeOf(previous, '/w/parts/use.conf'), 'use.conf was read again');
    assert.notEqual(firstNodeOf(updated, '/w/parts/bal.conf'), firstNodeOf(previous, '/w/parts/bal.conf'));
  });

  it('previews again, from the kept trees, when the clock moved', () => {
    const before = setOf(START);
    const previous = assembleSet(before.given, before.options);
    const later = setOf(START, 1_800_000_000 + 3_600);
    const updated = updateSet(previous, later.given, new Set(), later.options);
    assert.deepEqual(updated, assembleSet(later.given, later.options));
    assert.equal(treeOf(updated, '/w/main.conf'), treeOf(previous, '/w/main.conf'));
  });

  it('keeps no earlier analysis alive, edit after edit, whatever the edit', () => {
    // What each update keeps of the ones before it (trees, models, previews, findings), a full collection shows.
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const path = '/w/typed.conf';
    // The generator's own seed picks which configuration, not the test's randomness.
    const seed = 5;
    const { text: start } = generateBalancerHeavy({ root: '/srv/gen', port: 18_080, lines: 3_000, seed });
    const line = '\n    BalancerMember "http://10.99.0.1:8080" loadfactor=3 route=typed';
    const at = start.indexOf('\n', start.indexOf('BalancerMember'));
    let text = start;
    let set = assembleSet(setOf({ [path]: text }).given, setOf({ [path]: text }).options);
    // A member line typed and deleted a character at a time (lines move), then digits overwritten (values edited).
    const edits = [
      ...[...line].map((_, typed) => (): string => text.slice(0, at + typed) + line[typed] + text.slice(at + typed)),
      ...[...line].map((_, left) => (): string => text.slice(0, at + line.length - 1 - left) + text.slice(at + line.length - left)),
      ...Array.from({ length: 40 }, (_, index) => (): string => {
        const digit = text.indexOf('loadfactor=', Math.floor((index * text.length) / 40)) + 'loadfactor='.length;
        return text.slice(0, digit) + String((Number(text[digit]) % 9) + 1) + text.slice(digit + 1);
      }),
    ];
    const edit = (index: number): void => {
      text = edits[index]!();
      const next = setOf({ [path]: text });
      set = updateSet(set, next.given, new Set([path]), next.options);
    };
    edit(0);
    edit(1);
    collect();
    const before = process.memoryUsage().heapUsed;
    for (let index = 2; index < edits.length; index++) edit(index);
    collect();
    const kept = process.memoryUsage().heapUsed - before;
    // One analysis of the 3,000 lines is a few MB: one kept per edit would be hundreds.
    assert.ok(kept < 30e6, `${(kept / 1e6).toFixed(1)} MB more after ${edits.length} edits`);
  });

  it('runs again only the rules that read the rest of the run on a configuration the edit did not touch', () => {
    const calls = new Map<string, number>();
    const restore = ['zero-loadfactor', 'unused-balancer'].map((id) => {
      const rule = RULES.find((candidate) => candidate.id === id)!;
      const check = rule.check;
      (rule as { check: Rule['check'] }).check = (context) => {
        calls.set(id, (calls.get(id) ?? 0) + 1);
        return check.call(rule, context);
      };
      return () => ((rule as { check: Rule['check'] }).check = check);
    });
    try {
      const before = setOf(START);
      const previous = assembleSet(before.given, before.options);
      const first = new Map(calls);
      const edited = { ...START, '/w/parts/use.conf': 'ProxyPass /x/ balancer://x/\nProxyPassReverse /x balancer://x/\n' };
      const after = setOf(edited);
      updateSet(previous, after.given, new Set(['/w/parts/use.conf']), after.options);
      // main.conf was read again (it includes use.conf), other.conf was not: only its cross-file rule ran again.
      assert.equal(calls.get('zero-loadfactor')! - first.get('zero-loadfactor')!, 1);
      assert.equal(calls.get('unused-balancer')! - first.get('unused-balancer')!, 2);
    } finally {
      restore.forEach((undo) => undo());
    }
  });
});
