/**
 * A preview's notes are written when first read (core/scheduler/preview.ts): the previews an
 * analysis amends (a refusal marked, a what-if, a balancer a partial set did not fill) must say what
 * the preview they come from says.
 */
import assert from 'node:assert/strict';
import { analyze, AnalyzeOptions } from '../../../server/src/core/analysis';
import { lint } from '../../../server/src/core/lint';
import { markRefusals } from '../../../server/src/core/preview-facts';
import { amendedPreview, previewWhatIf } from '../../../server/src/core/scheduler/preview';

const OPTIONS: AnalyzeOptions = { path: '/etc/apache2/x.conf', environment: {}, epochSeconds: 1_800_000_000 };

/** Balancers with notes of every kind: a method, sticky sessions, a shared slot, inheritance, BalancerPersist, a refused value. */
const TEXT = `BalancerPersist On
<Proxy balancer://t>
BalancerMember http://10.0.0.1 loadfactor=3 route=a
BalancerMember http://10.0.0.1:80 loadfactor=9
ProxySet lbmethod=bybusyness stickysession=JSESSIONID
</Proxy>
<Proxy balancer://r>
BalancerMember http://r1 loadfactor=0
BalancerMember http://r2
</Proxy>
<VirtualHost *:80>
ProxyPass / balancer://t/
</VirtualHost>
`;

describe('the notes of a preview', () => {
  it('stay with the previews made from it', () => {
    const analysis = analyze(TEXT, OPTIONS);
    const marked = markRefusals(analysis, lint(analysis));
    assert.ok(analysis.previews.length >= 3);
    analysis.previews.forEach((preview, index) => {
      assert.ok(preview.notes.length > 0, preview.balancer.name);
      assert.deepEqual(amendedPreview(preview, { refusedMembers: new Map() }).notes, preview.notes);
      assert.deepEqual(previewWhatIf(preview, new Map([[0, 'down']])).notes, preview.notes);
      assert.deepEqual(marked.previews[index]!.notes, preview.notes);
    });
    const refused = marked.previews.find((preview) => preview.refusal);
    assert.equal(refused?.balancer.name, 'balancer://r');
    assert.notEqual(refused, analysis.previews[marked.previews.indexOf(refused!)]);
    const notes = analysis.previews.flatMap((preview) => preview.notes).join('\n');
    for (const said of ['bybusyness', 'sticky sessions (JSESSIONID)', 'worker name of', 'inherits', 'BalancerPersist On'])
      assert.ok(notes.includes(said), `no note says ${said}: ${notes}`);
  });
});
