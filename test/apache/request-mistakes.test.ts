// The second and third collections of real mistakes (test/real-mistakes-2/, issue 26, and test/real-mistakes-3/)
// on a real Apache: for each case, the mistaken configuration and its corrected twin are started in turn in front
// of two loopback echo members, the case's request is sent, and the symptom (what the member received, what the
// client got back) must show with the mistake and not with the twin. Loopback only; everything is stopped.
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { RequestMistake, Symptom } from '../real-mistakes-2/case';
import { REQUEST_MISTAKES } from '../real-mistakes-2';
import { REQUEST_MISTAKES_3 } from '../real-mistakes-3';
import {
  assertApacheInstalled,
  baseConfigLines,
  cleanAfterEach,
  EchoBackend,
  fillPlaceholders,
  freePort,
  launchApache,
  makeScratchDir,
  removeScratchDir,
  sendRaw,
  startEchoBackend,
  selfSignedCertificate,
} from './harness';

/** Beside the harness's proxy modules: everything the cases configure around a balancer. */
const CASE_MODULES: readonly (readonly [string, string])[] = [
  ['rewrite_module', 'mod_rewrite.so'],
  ['headers_module', 'mod_headers.so'],
  ['alias_module', 'mod_alias.so'],
  ['setenvif_module', 'mod_setenvif.so'],
  ['env_module', 'mod_env.so'],
  ['remoteip_module', 'mod_remoteip.so'],
  ['authz_host_module', 'mod_authz_host.so'],
  ['authn_core_module', 'mod_authn_core.so'],
  ['authn_file_module', 'mod_authn_file.so'],
  ['authz_user_module', 'mod_authz_user.so'],
  ['auth_basic_module', 'mod_auth_basic.so'],
  ['proxy_wstunnel_module', 'mod_proxy_wstunnel.so'],
  ['proxy_hcheck_module', 'mod_proxy_hcheck.so'],
  ['proxy_ajp_module', 'mod_proxy_ajp.so'],
  ['ssl_module', 'mod_ssl.so'],
  ['status_module', 'mod_status.so'],
];

/** What one request through Apache showed. */
interface Observed {
  readonly received: string | null;
  readonly member: string | null;
  readonly headers: Readonly<Record<string, string>>;
  readonly status: number;
  readonly location: string | null;
  readonly setCookie: string | null;
  readonly body: string;
}

/** The fields of `symptom` that `observed` does not show, as readable differences (empty: it shows). */
function differences(symptom: Symptom, observed: Observed, fill: (text: string) => string): string[] {
  const out: string[] = [];
  const compare = (field: string, want: string | number | null, got: string | number | null): void => {
    const expected = typeof want === 'string' ? fill(want) : want;
    if (expected !== got) out.push(`${field}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`);
  };
  if (symptom.received !== undefined) compare('received', symptom.received, observed.received);
  if (symptom.member !== undefined) compare('member', symptom.member, observed.member);
  for (const [name, value] of Object.entries(symptom.header ?? {})) compare(`header ${name}`, value, observed.headers[name] ?? null);
  if (symptom.status !== undefined) compare('status', symptom.status, observed.status);
  if (symptom.location !== undefined) compare('location', symptom.location, observed.location);
  if (symptom.setCookie !== undefined) compare('set-cookie', symptom.setCookie, observed.setCookie);
  if (symptom.body !== undefined && !observed.body.includes(fill(symptom.body)))
    out.push(`body: no ${JSON.stringify(symptom.body)} in ${JSON.stringify(observed.body.slice(0, 200))}`);
  return out;
}

/** One describe per collection: every case of `mistakes` against a real Apache, with its mistake and then its twin. */
function describeCollection(collection: string, mistakes: readonly RequestMistake[]): void {
  describe(`request mistakes (${collection} collection): each symptom on a real Apache, gone with the twin`, function () {
    this.timeout(120_000);
    const perTest = cleanAfterEach();

    /** A self-signed certificate for `localhost`, made once for the TLS cases. */
    let certificate: { dir: string; key: string; cert: string; certFile: string };
    before(async () => {
      assertApacheInstalled();
      const dir = await makeScratchDir();
      const { key: keyFile, cert: certFile } = selfSignedCertificate(dir, 'localhost');
      certificate = { dir, key: await readFile(keyFile, 'utf8'), cert: await readFile(certFile, 'utf8'), certFile };
    });
    after(() => removeScratchDir(certificate.dir));

    /** The configuration with `{dir}`, `{cert}`, `{a.port}`, Apache's own `{front.port}` and the members' addresses filled in. */
    function fill(text: string, dir: string, port: number, members: readonly EchoBackend[]): string {
      const ports = text
        .replaceAll('{front.port}', String(port))
        .replace(/\{([a-z])\.port\}/g, (_: string, name: string) => String(members.find((member) => member.name === name)?.port));
      return fillPlaceholders(ports.replaceAll('{dir}', dir).replaceAll('{cert}', certificate.certFile), members);
    }

    /** Starts Apache on `fragment` in front of `members`, sends the case's request, and reports what it showed. */
    async function observe(
      mistake: RequestMistake,
      fragment: string,
      members: readonly EchoBackend[],
    ): Promise<Observed & { front: string; dir: string }> {
      const dir = await perTest.scratch();
      await mkdir(join(dir, 'run'));
      for (const [path, content] of Object.entries(mistake.files ?? {})) {
        await mkdir(dirname(join(dir, path)), { recursive: true });
        await writeFile(join(dir, path), content);
      }
      const port = await freePort();
      const file = join(dir, 'httpd.conf');
      const text = fill(fragment, dir, port, members);
      await writeFile(file, `${[...baseConfigLines(dir, port, CASE_MODULES), text, ''].join('\n')}`);
      const outcome = await launchApache(dir, file, port);
      assert.ok(outcome.started, outcome.started ? '' : outcome.log);
      const server = perTest.stopAfter(outcome.server);
      if (mistake.waitMs !== undefined) await new Promise((resolve) => setTimeout(resolve, mistake.waitMs));
      for (const member of members) member.received.length = 0;
      const { path, headers = {} } = mistake.request;
      const request = {
        ...mistake.request,
        path: fill(path, dir, port, members),
        headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, fill(value, dir, port, members)])),
      };
      const response = await sendRaw(port, request);
      await server.stop();
      const first = members.flatMap((member) => member.received)[0];
      return {
        front: `127.0.0.1:${port}`,
        dir,
        received: first === undefined ? null : first.requestLine.split(' ')[1]!,
        member: first?.member ?? null,
        headers: first?.headers ?? {},
        status: response.status,
        location: response.headers.location ?? null,
        setCookie: response.headers['set-cookie'] ?? null,
        body: response.body,
      };
    }

    for (const mistake of mistakes) {
      it(`${mistake.name}: ${mistake.url}`, async () => {
        const tls = mistake.tls ? { key: certificate.key, cert: certificate.cert } : undefined;
        const members = [
          perTest.closeAfter(await startEchoBackend('a', mistake.reply, tls)),
          perTest.closeAfter(await startEchoBackend('b', mistake.reply, tls)),
        ];
        const filler =
          ({ front, dir }: { front: string; dir: string }) =>
          (text: string): string =>
            fillPlaceholders(text.replaceAll('{front}', front).replaceAll('{dir}', dir), members);
        const bad = await observe(mistake, mistake.config, members);
        const badFill = filler(bad);
        assert.deepEqual(differences(mistake.symptom, bad, badFill), [], `the mistake shows its symptom\n${JSON.stringify(bad)}`);
        const good = await observe(mistake, mistake.twin, members);
        const goodFill = filler(good);
        assert.notDeepEqual(differences(mistake.symptom, good, goodFill), [], `the twin does not show it\n${JSON.stringify(good)}`);
        if (mistake.fixed) assert.deepEqual(differences(mistake.fixed, good, goodFill), [], `the twin works\n${JSON.stringify(good)}`);
      });
    }
  });
}

describeCollection('second', REQUEST_MISTAKES);
describeCollection('third', REQUEST_MISTAKES_3);
