/**
 * The model of an edited text built with the previous tree's member lines (core/model/build.ts,
 * READ_LINES) against a model built afresh: over random edit sequences applied to the seed texts
 * (rule examples, examples, fixtures, the corpus when given), generated configurations and a
 * configuration of several files, the two must say the same of every balancer, member, parameter,
 * reference and problem, spans included.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { generateBalancerHeavy } from '../../../bench/generate';
import { buildModel, sectionsTakenOver } from '../../../server/src/core/model/build';
import type { Model } from '../../../server/src/core/model/model';
import type { FileAccess } from '../../../server/src/core/syntax/includes';
import { parse, ReadOptions } from '../../../server/src/core/syntax/parser';
import { reread } from '../../../server/src/core/syntax/reread';
import type { SyntaxTree } from '../../../server/src/core/syntax/tree';
import { dumpModel, editedTexts, grammarText, keystrokes, largeText, seedTexts } from '../../fuzz/inputs';
import { FUZZ_SCALE, fuzzRuns } from '../../support/fuzz';

/** The modules a whole configuration with balancers loads: with them, the modules are known. */
const BALANCER_MODULES = `LoadModule mpm_event_module modules/mod_mpm_event.so
LoadModule proxy_module modules/mod_proxy.so
LoadModule proxy_balancer_module modules/mod_proxy_balancer.so
`;

/** A whole configuration (its modules known) whose member lines have every kind of word: plain keys in any case, hc* keys, refused values, shared and unix members, a balancer named on the line. */
const MEMBERS = `${BALANCER_MODULES}LoadModule proxy_hcheck_module modules/mod_proxy_hcheck.so
ProxyHCTemplate tpl hcmethod=GET
<Proxy balancer://a>
BalancerMember http://a1:8080 loadfactor=3 route=a1 Retry=5
BalancerMember http://a1:8080/x loadfactor=2
BalancerMember http://A2:8080/ hcmethod=HEAD hcinterval=5
BalancerMember http://a3 hctemplate=tpl
BalancerMember http://a4 loadfactor=0
BalancerMember http://a5 status=+H lbset=1 loadfactor=2 loadfactor=4
BalancerMember unix:/run/a.sock|http://localhost/ timeout=3
BalancerMember http://a6 bogus=1
</Proxy>
BalancerMember balancer://b http://b1 loadfactor=7
BalancerMember balancer://b http://b2 loadfactor=7 extra
<VirtualHost *:80>
<Proxy balancer://a>
BalancerMember http://v1 loadfactor=2
</Proxy>
</VirtualHost>
`;

/** A generated balancer-heavy configuration (bench/generate.ts), the generator's own seed picking which, not the test's randomness. */
function generated(which: number, lines: number): string {
  const seed = which;
  return generateBalancerHeavy({ root: '/srv/gen', port: 18_080, lines, seed }).text;
}

/** The model of `tree` built as the language server builds it after an edit, and whether it took lines over from `previous`. */
function edited(tree: SyntaxTree, previous: SyntaxTree, previousModel: Model): { model: Model; kept: number } {
  const model = buildModel(tree, undefined, previous);
  const before = new Set(previousModel.balancers.flatMap((balancer) => balancer.members.map((member) => member.params)));
  const kept = model.balancers.reduce((sum, balancer) => sum + balancer.members.filter((member) => before.has(member.params)).length, 0);
  return { model, kept };
}

/**
 * Applies `edits` to `start` in turn, the model of each text built as after an edit and compared with
 * a fresh one. How many members took their parameters over (`kept`), how many are the previous
 * model's own objects (`taken`: only a section taken over where it was hands its members on as they
 * are), and how many sections were taken over, moved or not (`sections`).
 */
function editedInTurn(start: string, edits: readonly ((text: string) => string)[]): { kept: number; taken: number; sections: number } {
  const options: ReadOptions = { path: '/etc/apache2/x.conf', environment: {} };
  let text = start;
  let tree = parse(text, options);
  let model = buildModel(tree);
  const counts = { kept: 0, taken: 0, sections: 0 };
  for (const edit of edits) {
    text = edit(text);
    const next = reread(tree, text, options);
    const built = edited(next, tree, model);
    const before = new Set(model.balancers.flatMap((balancer) => balancer.members));
    counts.kept += built.kept;
    counts.sections += sectionsTakenOver(next);
    counts.taken += built.model.balancers.reduce(
      (sum, balancer) => sum + balancer.members.filter((member) => before.has(member)).length,
      0,
    );
    assert.equal(dumpModel(built.model), dumpModel(buildModel(parse(text, options))), `after an edit giving ${JSON.stringify(text)}`);
    [tree, model] = [next, built.model];
  }
  return counts;
}

const FILES: Readonly<Record<string, string>> = {
  '/etc/apache2/apache2.conf':
    'Include /etc/apache2/sites/*.conf\n<Proxy balancer://main>\nBalancerMember http://m1 loadfactor=2\n</Proxy>\n',
  '/etc/apache2/sites/one.conf': '<Proxy balancer://one>\nBalancerMember http://o1 loadfactor=3\nBalancerMember http://o2\n</Proxy>\n',
  '/etc/apache2/sites/two.conf': '<Proxy balancer://one>\nBalancerMember http://o1/x\n</Proxy>\n',
};

describe('the model of an edited text', function () {
  this.timeout(120_000 * FUZZ_SCALE);
  const seeds = [...seedTexts().texts, MEMBERS, generated(7, 300)];

  it('is the model built afresh, edit after edit, with the members of lines the edit kept taken over', () => {
    const counts = { members: 0, kept: 0 };
    fc.assert(
      fc.property(
        fc.oneof({ weight: 3, arbitrary: fc.oneof(fc.constantFrom(...seeds), grammarText) }, { weight: 1, arbitrary: largeText(seeds) }),
        keystrokes,
        (start, strokes) => {
          const options: ReadOptions = { path: '/etc/apache2/x.conf', environment: {} };
          let tree = parse(start, options);
          let model = buildModel(tree);
          for (const text of editedTexts(start, strokes)) {
            const next = reread(tree, text, options);
            const built = edited(next, tree, model);
            counts.members += built.model.balancers.reduce((sum, balancer) => sum + balancer.members.length, 0);
            counts.kept += built.kept;
            assert.equal(
              dumpModel(built.model),
              dumpModel(buildModel(parse(text, options))),
              `after an edit giving ${JSON.stringify(text)}`,
            );
            [tree, model] = [next, built.model];
          }
        },
      ),
      fuzzRuns(200),
    );
    // Most random keystrokes read the whole text again (they type lines that change the read-time state); some keep lines.
    assert.ok(counts.kept > 0, `none of ${counts.members} members were taken over`);
  });

  it('is the model built afresh while values of member lines are typed, deleted and overwritten', () => {
    const counts = { members: 0, kept: 0 };
    const texts = [MEMBERS, generated(11, 600)];
    /** Where a value of a member line can be typed into: just after each `=` of a `BalancerMember` line. */
    const places = (text: string): number[] =>
      [...text.matchAll(/^[ \t]*BalancerMember[^\n]*$/gm)].flatMap((line) =>
        [...line[0].matchAll(/=/g)].map((equals) => line.index! + equals.index! + 1),
      );
    const stroke = fc.record({
      at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      kind: fc.constantFrom('type', 'delete', 'overwrite'),
      key: fc.constantFrom('1', '7', 'x', ' ', '='),
    });
    fc.assert(
      fc.property(fc.constantFrom(...texts), fc.array(stroke, { minLength: 2, maxLength: 12 }), (start, strokes) => {
        const options: ReadOptions = { path: '/etc/apache2/x.conf', environment: {} };
        let text = start;
        let tree = parse(text, options);
        let model = buildModel(tree);
        for (const { at, kind, key } of strokes) {
          const offsets = places(text);
          if (offsets.length === 0) break;
          const offset = offsets[Math.floor(at * offsets.length)]!;
          text =
            kind === 'type'
              ? text.slice(0, offset) + key + text.slice(offset)
              : text.slice(0, offset) + (kind === 'overwrite' ? key : '') + text.slice(offset + 1);
          const next = reread(tree, text, options);
          const built = edited(next, tree, model);
          counts.members += built.model.balancers.reduce((sum, balancer) => sum + balancer.members.length, 0);
          counts.kept += built.kept;
          assert.equal(dumpModel(built.model), dumpModel(buildModel(parse(text, options))), `after an edit giving ${JSON.stringify(text)}`);
          [tree, model] = [next, built.model];
        }
      }),
      fuzzRuns(100),
    );
    // Every edit but the first after a fresh model keeps the lines before it, and those after it when its length did not change.
    assert.ok(counts.kept > counts.members * 0.3, `only ${counts.kept} of ${counts.members} members were taken over`);
  });

  it('takes over no line whose parameters depend on other lines: health-check templates and expressions', () => {
    const start = `${MEMBERS}ProxyHCExpr ok {%{REQUEST_STATUS} =~ /^[234]/}\n<Proxy balancer://c>\nBalancerMember http://c1 hcexpr=ok hctemplate=tpl\n</Proxy>\n`;
    // A line typed at the end first: the model of the text as it started keeps its lines for the edits that follow.
    const edits = [
      (text: string) => `${text}# typed\n`,
      (text: string) => text.replace('ProxyHCTemplate tpl', 'ProxyHCTemplate tpx'),
      (text: string) => text.replace('ProxyHCTemplate tpx', 'ProxyHCTemplate tpl'),
      (text: string) => text.replace('ProxyHCExpr ok', 'ProxyHCExpr no'),
      (text: string) => text.replace('ProxyHCExpr no', 'ProxyHCExpr ok'),
    ];
    assert.ok(editedInTurn(start, edits).kept > 0, 'no line was taken over');
  });

  it('takes a section over only where the walk reaches it as it did before, and never changes what it took over', () => {
    // Balancer a is defined by its section, then shared, extended and set by later lines; z can be renamed to a before it; v is shared in its virtual host.
    const start = `${BALANCER_MODULES}LoadModule lbmethod_byrequests_module modules/mod_lbmethod_byrequests.so
BalancerMember balancer://z http://z1:8080
<Proxy balancer://a lbmethod=bytraffic>
BalancerMember http://a1:8080 loadfactor=3
BalancerMember http://a2:8080 loadfactor=2
ProxySet stickysession=JSESSIONID
</Proxy>
BalancerMember balancer://a http://a1:8080/later loadfactor=5
BalancerMember balancer://a http://a3:8080 loadfactor=1
ProxySet balancer://a timeout=9
<Proxy balancer://b>
BalancerMember http://b1:8080 loadfactor=1
</Proxy>
ProxyPass /a balancer://a/
<VirtualHost *:80>
<Proxy balancer://v>
BalancerMember http://v1:8080 loadfactor=2
</Proxy>
BalancerMember balancer://v http://v1:8080/x loadfactor=4
<Proxy balancer://a>
BalancerMember http://va:8080
</Proxy>
</VirtualHost>
`;
    const digit = (text: string, value: string) => text.replace(/(b1:8080 loadfactor=)\d/, `$1${value}`);
    const edits = [
      (text: string) => digit(text, '2'),
      (text: string) => digit(text, '3'),
      (text: string) => digit(text, '4'),
      (text: string) => text.replace('balancer://z', 'balancer://a'),
      (text: string) => digit(text, '5'),
      (text: string) => text.replace('BalancerMember balancer://a http://z1', 'BalancerMember balancer://z http://z1'),
      (text: string) => digit(text, '6'),
      (text: string) => digit(text, '7'),
      (text: string) => `${text}Include /etc/apache2/conf.d/*.conf\n`,
      (text: string) => digit(text, '8'),
    ];
    assert.ok(editedInTurn(start, edits).taken > 0, 'no section was taken over');
  });

  it('takes over the sections an edit moved, naming their moved lines, words and places', () => {
    // Section a sets its balancer on its own line and by ProxySet, one value refused; a later line sets it too; v stands in a virtual host.
    const start = `${BALANCER_MODULES}LoadModule lbmethod_byrequests_module modules/mod_lbmethod_byrequests.so
LoadModule lbmethod_bytraffic_module modules/mod_lbmethod_bytraffic.so
<Proxy balancer://a lbmethod=bytraffic>
BalancerMember http://a1:8080 loadfactor=3 route=a1
BalancerMember "http://a2:8080" loadfactor=2 retry=5
ProxySet stickysession=ROUTEID timeout=x
</Proxy>
ProxySet balancer://a maxattempts=2
<Proxy balancer://b>
BalancerMember http://b1:8080 loadfactor=1
</Proxy>
<VirtualHost *:80>
<Proxy balancer://v>
BalancerMember http://v1:8080 loadfactor=2 status=+H
</Proxy>
</VirtualHost>
`;
    // Each edit changes the text's length above every section but a's, where the fourth edit types a digit.
    const edits = [
      (text: string) => `# one\n${text}`,
      (text: string) => `# two\n${text}`,
      (text: string) => text.replace('# two\n', ''),
      (text: string) => text.replace('loadfactor=3', 'loadfactor=31'),
      (text: string) => text.replace('# one', '#'),
      (text: string) => text.replace('#\n', '# three\n'),
    ];
    // The first edit's model records the three sections (the text's first model was built alone); each later one
    // takes the three over, but for a, which the fourth edit walks and records again.
    assert.equal(editedInTurn(start, edits).sections, 3 + 3 + 2 + 3 + 3);
  });

  it('takes the parameters of the lines an edit moved over in a section it walks, each found in its place', () => {
    // A conditional inside the section has it walked: its own lines are taken over one by one, the conditional's read again.
    const start = `# a

${BALANCER_MODULES}<Proxy balancer://w>
BalancerMember http://w1:8080 loadfactor=2
<IfModule proxy_module>
BalancerMember http://w2:8080 loadfactor=3
</IfModule>
BalancerMember http://w3:8080 route=w3
BalancerMember http://w4:8080 loadfactor=4
</Proxy>
`;
    // Typed into the comment above everything: each edit moves every line after it.
    const edits = [
      (text: string) => text.replace('# a', '# ab'),
      (text: string) => text.replace('# ab', '# abc'),
      (text: string) => text.replace('# abc', '# ab'),
      (text: string) => text.replace('# ab', '# a'),
    ];
    const { kept, sections } = editedInTurn(start, edits);
    assert.equal(sections, 0);
    // The first edit's model reads every line (the text's first model was built alone); each later one takes w1, w3 and w4 over.
    assert.equal(kept, 3 * (edits.length - 1));
  });

  it('takes no section over when the modules the configuration loads are not those it was walked with', () => {
    const options: ReadOptions = { path: '/etc/apache2/x.conf', environment: {} };
    const text = `LoadModule mpm_event_module modules/mod_mpm_event.so
<Proxy balancer://a lbmethod=bytraffic>
BalancerMember http://a1:8080 loadfactor=3
</Proxy>
`;
    const tree = parse(text, options);
    const next = reread(tree, `${text}# typed\n`, options);
    buildModel(next, undefined, tree);
    // The same lines with an Include that could not be followed: a fragment, where any lbmethod may be loaded.
    const fragment: SyntaxTree = { ...next, unfollowedInclude: true };
    const fresh = buildModel(fragment);
    assert.equal(fresh.problems.length, 0);
    assert.equal(dumpModel(buildModel(fragment, undefined, next)), dumpModel(fresh));
  });

  it('is the model built afresh after an edit of a file the configuration includes', () => {
    fc.assert(
      fc.property(fc.constantFrom('/etc/apache2/sites/one.conf', '/etc/apache2/sites/two.conf'), keystrokes, (path, strokes) => {
        const texts = new Map(Object.entries(FILES));
        const files: FileAccess = {
          readFile: (file) => texts.get(file),
          readDirectory: (folder) => (folder === '/etc/apache2/sites' ? ['one.conf', 'two.conf'] : undefined),
        };
        const options: ReadOptions = { path: '/etc/apache2/apache2.conf', environment: {}, files };
        const entry = texts.get('/etc/apache2/apache2.conf')!;
        let tree = parse(entry, options);
        let model = buildModel(tree);
        for (const text of editedTexts(texts.get(path)!, strokes)) {
          texts.set(path, text);
          const next = reread(tree, entry, options, { path, text });
          const built = edited(next, tree, model);
          assert.equal(
            dumpModel(built.model),
            dumpModel(buildModel(parse(entry, options))),
            `after an edit of ${path} giving ${JSON.stringify(text)}`,
          );
          [tree, model] = [next, built.model];
        }
      }),
      fuzzRuns(100),
    );
  });

  it('keeps no earlier model alive through the members it took over', () => {
    // What the models of the edits keep of the models before them, a full collection shows.
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const options: ReadOptions = { environment: {} };
    let text = generated(3, 3000);
    let tree = parse(text, options);
    let model = buildModel(tree);
    const edits = 60;
    // Typed in order through the file: every edit moves the lines after it, and keeps those before.
    const at = (edit: number): number => text.indexOf('loadfactor=', Math.floor((edit * text.length) / edits)) + 'loadfactor='.length;
    const edit = (index: number): void => {
      text = text.slice(0, at(index)) + '1' + text.slice(at(index));
      const next = reread(tree, text, options);
      [tree, model] = [next, buildModel(next, undefined, tree)];
    };
    edit(0);
    edit(1);
    collect();
    const before = process.memoryUsage().heapUsed;
    for (let index = 2; index < edits; index++) edit(index);
    collect();
    const kept = process.memoryUsage().heapUsed - before;
    assert.ok(model.balancers.length > 0);
    // One model with its tree is about 20 bytes per byte of text: an earlier one kept per edit would be dozens of them.
    assert.ok(
      kept < 10 * text.length,
      `${(kept / 1e6).toFixed(1)} MB more after ${edits} edits of a text of ${(text.length / 1e6).toFixed(2)} MB`,
    );
  });
});
