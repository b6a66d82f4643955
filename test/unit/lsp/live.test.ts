/**
 * `balancerLens.live.url` in the editor: the server fetches the balancer-manager page, adds the live
 * line to a member's hover and an information diagnostic where the running server differs from the
 * file, fetches again on `balancerLens.live.refresh`, and never without the setting.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Diagnostic, Hover, PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { readSettings } from '../../../server/src/lsp/settings';
import { Session, startSession } from '../../support/lsp-session';

const PAGE = readFileSync(join(__dirname, '../../fixtures/live/manager-2.4.71.html'), 'latin1');
const DRAINED = PAGE.replace('<td>2.00</td><td>0</td><td>Init Ok </td>', '<td>2.00</td><td>0</td><td>Init Drn Ok </td>');
const CONFIG = `<Proxy balancer://t>
  BalancerMember http://127.0.0.1:8081 route=r1
  BalancerMember http://127.0.0.1:8082/ loadfactor=2
  BalancerMember http://127.0.0.1:8083 status=+H lbset=1
</Proxy>
ProxyPass / balancer://t/
`;
const URI = 'file:///work/live/apache2.conf';

function messageOf(diagnostic: Diagnostic): string {
  return typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value;
}

describe('the live line in the editor', function () {
  this.timeout(60_000);
  let server: http.Server;
  let url = '';
  let served = DRAINED;
  let requests = 0;
  let session: Session | undefined;

  before(async () => {
    server = http.createServer((_request, response) => {
      requests++;
      response.writeHead(200, { 'Content-Type': 'text/html; charset=ISO-8859-1' });
      response.end(served);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/balancer-manager`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => session?.stop());

  /** Diagnostics published for the document until one satisfies `holds`. */
  async function diagnosticsUntil(open: Session, holds: (params: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams> {
    for (;;) {
      const latest = open.published.filter((params) => params.uri === URI).at(-1);
      if (latest && holds(latest)) return latest;
      await open.nextDiagnostics(URI);
    }
  }

  function hoverAt(open: Session, line: number, character: number): Promise<Hover | null> {
    return open.connection.sendRequest('textDocument/hover', { textDocument: { uri: URI }, position: { line, character } });
  }

  const live = (message: RegExp) => (params: PublishDiagnosticsParams) => params.diagnostics.some((d) => message.test(messageOf(d)));

  it('shows what the running server does, where it differs, and follows a refresh', async () => {
    served = DRAINED;
    const open = (session = await startSession({ pullSettings: true, configuration: () => ({ live: { url } }) }));
    await open.configurationAsked();
    open.open(URI, CONFIG);
    const published = await diagnosticsUntil(open, live(/^live 127\.0\.0\.1:\d+: Drn on the running server/));
    const [drained] = published.diagnostics.filter((d) => messageOf(d).startsWith('live '));
    assert.equal(drained!.severity, 3, 'information');
    assert.equal(drained!.range.start.line, 2, 'on the drained member');

    const hover = await hoverAt(open, 2, 6);
    const text = (hover?.contents as { value: string }).value;
    assert.match(text, /live 127\.0\.0\.1:\d+: Drn Ok · elected 6 = 66\.7% \(preview 0\.0%\)/);

    const panel = (await open.connection.sendRequest('balancerLens/schedule', { uri: URI, balancer: 'balancer://t' })) as {
      live: string[];
    };
    assert.deepEqual(
      panel.live.map((line) => line.replace(/live 127\.0\.0\.1:\d+:/, 'live HOST:')),
      [
        'http://127.0.0.1:8081: live HOST: Ok · elected 3 = 33.3% (preview 100.0%)',
        'http://127.0.0.1:8082/: live HOST: Drn Ok · elected 6 = 66.7% (preview 0.0%)',
        'http://127.0.0.1:8083: live HOST: Stby Ok · elected 0 = 0.0% (preview 0.0%)',
        'live HOST: traffic: one member serves every request now: there are no shares to test',
      ],
    );

    served = PAGE;
    await open.connection.sendRequest('workspace/executeCommand', { command: 'balancerLens.live.refresh', arguments: [] });
    await diagnosticsUntil(open, (params) => !params.diagnostics.some((d) => messageOf(d).startsWith('live ')));
    const after = (await hoverAt(open, 2, 6))?.contents as { value: string };
    assert.match(after.value, /live 127\.0\.0\.1:\d+: Ok · elected 6 = 66\.7% \(preview 66\.7%\)/);
  });

  it('fetches nothing and shows no live line without the setting', async () => {
    const before = requests;
    const open = (session = await startSession({ pullSettings: true, configuration: () => ({}) }));
    await open.configurationAsked();
    open.open(URI, CONFIG);
    await open.diagnostics(URI, 1);
    const hover = await hoverAt(open, 2, 6);
    assert.doesNotMatch((hover?.contents as { value: string }).value, /live /);
    assert.equal(requests, before);
  });

  it('reads balancerLens.live: one URL or a list, a page URL with no query and no credentials', () => {
    const warnings: string[] = [];
    const read = (live: unknown) => readSettings({ live }, (message) => warnings.push(message)).live;
    assert.deepEqual(read({ url: 'http://a/bm' }), { urls: ['http://a/bm'], intervalSeconds: 60 });
    assert.deepEqual(read({ url: ['http://a/bm', 'https://b/bm'], interval: 30 }).urls, ['http://a/bm', 'https://b/bm']);
    assert.deepEqual(read({ url: ['http://a/bm?b=t&nonce=n', 'http://u:secret@a/bm', 'ftp://a', 7], interval: 1 }), {
      urls: [],
      intervalSeconds: 60,
    });
    assert.deepEqual(warnings, [
      'balancerLens.live.url: entry 1 is ignored: a query is never sent to a balancer-manager (with its nonce it changes the balancer): give the page URL alone',
      'balancerLens.live.url: entry 2 is ignored: credentials do not belong in the URL: set BALANCER_LENS_STATUS_AUTH=user:password or use --netrc-file',
      'balancerLens.live.url: entry 3 is ignored: ftp: is not http: or https:',
      'balancerLens.live.url: entry 4 is ignored: not a string',
      'balancerLens.live.interval: use whole seconds from 10 to 3600',
    ]);
  });
});
