import assert from 'node:assert/strict';
import { Session, startSession } from '../../support/lsp-session';

const URI = 'file:///tmp/balancer-lens-test/trace.conf';
const TEXT = [
  '<Proxy "balancer://shop">',
  '    BalancerMember "http://10.0.0.1:8080" loadfactor=70',
  '    BalancerMember "http://10.0.0.2:8080" loadfactor=30',
  '</Proxy>',
  'ProxyPass "/shop/" "balancer://shop/"',
  '',
].join('\n');

interface Answer {
  readonly error?: string;
  readonly handledBy?: string;
  readonly status?: number | null;
  readonly member?: string | null;
  readonly backendRequest?: { method: string; url: string; headers: Record<string, string> } | null;
  readonly steps?: { what: string; file: string | null; line: number | null }[];
}

describe('language server: balancerLens/trace', function () {
  this.timeout(20_000);
  let session: Session;

  beforeEach(async () => {
    session = await startSession();
    session.open(URI, TEXT);
    await session.diagnostics(URI, 1);
  });
  afterEach(() => session.stop());

  const ask = async (params: object): Promise<Answer | null> =>
    (await session.connection.sendRequest('balancerLens/trace', { uri: URI, ...params })) as Answer | null;

  it('traces a request through the open document: each step with its file and line', async () => {
    const answer = await ask({ url: 'http://localhost/shop/cart?id=1', method: 'POST', headers: ['X-Test: yes'] });
    assert.ok(answer);
    assert.equal(answer.handledBy, 'proxy');
    assert.equal(answer.member, 'http://10.0.0.1:8080');
    assert.deepEqual(
      { method: answer.backendRequest?.method, url: answer.backendRequest?.url, test: answer.backendRequest?.headers['x-test'] },
      { method: 'POST', url: 'http://10.0.0.1:8080/cart?id=1', test: 'yes' },
    );
    assert.deepEqual(
      answer.steps?.filter((step) => step.line !== null).map((step) => [step.what.split(' ')[0], step.file, step.line]),
      [
        ['ProxyPass', URI, 5],
        ['balancer', URI, 1],
        ['member', URI, 2],
      ],
    );
  });

  it('says what is wrong with a URL, a method or a header', async () => {
    assert.deepEqual(await ask({ url: '/shop/x' }), { error: "'/shop/x' is not an absolute URL (http://host[:port]/path)" });
    assert.deepEqual(await ask({ url: 'http://h/', method: 'G T' }), { error: "'G T' is not an HTTP method" });
    assert.deepEqual(await ask({ url: 'http://h/', headers: ['nocolon'] }), { error: `'nocolon' is not a header (write "Name: value")` });
    assert.deepEqual(await ask({ url: 42 }), { error: 'no URL to trace' });
  });

  it('answers null for a document it does not know', async () => {
    assert.equal(await session.connection.sendRequest('balancerLens/trace', { uri: 'file:///nowhere.conf', url: 'http://h/' }), null);
  });
});
