// The second and third collections of real mistakes (test/real-mistakes-2/, issue 26; test/real-mistakes-3/),
// read by today's linter: how many cases it reports on the mistake's own line, and that every corrected twin is
// clean. The symptoms themselves are reproduced on Apache by test/apache/request-mistakes.test.ts.
//
// The count of cases found is a floor, first measured before any rule was written for the collection: it
// documents where the linter stands and fails if it gets worse; raise it as rules land.
import * as assert from 'node:assert/strict';
import { analyze } from '../../server/src/core/analysis';
import { lint } from '../../server/src/core/lint';
import type { Diagnostic } from '../../server/src/core/rules/types';
import { REQUEST_MISTAKES } from '../real-mistakes-2';
import { REQUEST_MISTAKES_3 } from '../real-mistakes-3';
import { mistakeLine, RequestMistake } from '../real-mistakes-2/case';

/**
 * Cases whose mistake line gets a warning or an error: 4 of 51 on 2026-12-02 before the issue-26 rules (two `/app` →
 * `balancer://app/` slash mismatches, a ProxyPass shadowed by an earlier one, a TLS member named by its address);
 * 27 of 51 with the request-level rules; with 68 more cases collected apart from the rules, 44 of 119 (the rules found
 * 18 of the 68 new cases, the linter before them 15), 51 with rules for what those cases showed (access guards, the
 * login, WebSocket tokens); with the rules of 2026-12-03 for causes the misses showed (RewriteEngine, back-references
 * without a group, a query in a ProxyPass URL, `^/` in <Directory>, the members' path repeated, a glued balancer name,
 * Header set Set-Cookie, RequestHeader Host, a [P] rule ahead of ProxyPass, unanchored ProxyPassMatch, hc('body') with HEAD,
 * a back-reference in the query without [B]): 67.
 */
const FOUND_FLOOR = 67;

/**
 * Cases of the third collection (collected apart from the rules on 2026-12-03, GitHub threads and Q&A and
 * manual pages) whose mistake line gets a warning or an error: 3 of 24 before any rule was written for it
 * (a member URL's slash glued to the prefix, a main-server ProxyPass shadowing a virtual host's, sticky cookie
 * and URL names swapped); 4 with `header-always-misses-member`, 6 with `rewrite-group-unused` and `rewrite-query-doubled`.
 */
const FOUND_FLOOR_3 = 6;

/** The case text as a user's file: members and folders at fixed addresses. */
function asFile(text: string): string {
  return text
    .replaceAll('{a}', '127.0.0.1:8081')
    .replaceAll('{b}', '127.0.0.1:8082')
    .replaceAll('{a.port}', '8081')
    .replaceAll('{b.port}', '8082')
    .replaceAll('{dir}', '/srv/case')
    .replaceAll('{cert}', '/srv/case/cert.pem');
}

/** Warnings and errors, each with its 1-based line. */
function serious(text: string): { line: number; finding: Diagnostic }[] {
  const lineOf = (offset: number): number => text.slice(0, offset).split('\n').length;
  return lint(analyze(text, { epochSeconds: 0 }))
    .filter((finding) => finding.severity !== 'info')
    .map((finding) => ({ line: lineOf(finding.span.start), finding }));
}

/** A warning or error on the mistake's line from a rule that is silent on the twin (one that fires on both is not about the mistake). */
function isFound(mistake: RequestMistake): boolean {
  const onTwin = new Set(serious(asFile(mistake.twin)).map(({ finding }) => finding.ruleId));
  return serious(asFile(mistake.config)).some(({ line, finding }) => line === mistakeLine(mistake) && !onTwin.has(finding.ruleId));
}
const isCleanTwin = (mistake: RequestMistake): boolean => serious(asFile(mistake.twin)).length === 0;

function describeCollection(collection: string, mistakes: readonly RequestMistake[], floor: number): void {
  describe(`request mistakes (${collection} collection): what the linter finds today`, function () {
    this.timeout(30_000);
    it('every case has a unique name, a public source, a mistake line, and a twin that differs', () => {
      const names = new Set<string>();
      for (const mistake of mistakes) {
        assert.ok(!names.has(mistake.name), `${mistake.name} twice`);
        names.add(mistake.name);
        assert.match(mistake.url, /^https?:\/\/\S+$/, mistake.name);
        assert.ok(mistakeLine(mistake) >= 1);
        assert.notEqual(mistake.config, mistake.twin, mistake.name);
      }
    });

    it(`finds at least ${floor} cases on their line, and leaves every twin free of warnings and errors`, () => {
      const found = mistakes.filter(isFound);
      const clean = mistakes.filter(isCleanTwin);
      const noisy = mistakes
        .filter((mistake) => !isCleanTwin(mistake))
        .map(
          (mistake) =>
            `${mistake.name}: ${serious(asFile(mistake.twin))
              .map(({ finding }) => finding.ruleId)
              .join(', ')}`,
        );
      console.log(
        `      ${found.length} of ${mistakes.length} found on their line (${found.map((mistake) => mistake.name).join(', ') || 'none'}); ` +
          `${clean.length} of ${mistakes.length} twins clean${noisy.length > 0 ? `; noisy twins: ${noisy.join('; ')}` : ''}`,
      );
      assert.ok(found.length >= floor, `${found.length} found, floor ${floor}`);
      assert.deepEqual(noisy, [], 'a corrected twin must be clean');
    });
  });
}

describeCollection('second', REQUEST_MISTAKES, FOUND_FLOOR);
describeCollection('third', REQUEST_MISTAKES_3, FOUND_FLOOR_3);
