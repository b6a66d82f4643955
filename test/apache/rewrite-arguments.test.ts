// RewriteRule and RewriteCond arguments on a real Apache: for each line of the table in
// test/apache/rewrite-arguments.ts, `apache2 -t` must give the table's verdict and words, on that
// line, and the linter, reading the same complete file, must agree: an invalid-directive-argument
// error on that line quoting Apache's words where Apache refuses, no error at all where it accepts
// (docs/apache-semantics.md, "parseargline and cmd_parseflagfield").
import assert from 'node:assert/strict';
import { configTestBatch, lintedAsApache, innermostSyntaxError, moduleLines, serverLines } from './harness';
import { LINES } from './rewrite-arguments';

const MODULES = ['mpm_event', 'authz_core', 'rewrite'];

/** Apache's words as its error log prints them: a backslash doubled, each byte beyond ASCII as `\xHH`. */
function printed(words: string): string {
  return [...Buffer.from(words.replace(/\\/g, '\\\\'), 'utf8')]
    .map((byte) => (byte < 0x80 ? String.fromCharCode(byte) : `\\x${byte.toString(16)}`))
    .join('');
}

describe('real Apache: RewriteRule and RewriteCond arguments (apache2 -t) agree with invalid-directive-argument', function () {
  const batch = configTestBatch('rewrite', (dir, port) =>
    LINES.map(([text]) => [...serverLines(dir, port), ...moduleLines(MODULES), text, ''].join('\n')),
  );

  for (const [number, [text, words]] of LINES.entries()) {
    it(`${words === undefined ? 'accepts' : 'refuses'} ${JSON.stringify(text)}`, function () {
      const { results, files, texts } = batch();
      const [result, file, config] = [results[number]!, files[number]!, texts[number]!];
      const lines = config.split('\n');
      const line = lines.length - [...lines].reverse().findIndex((written) => written.startsWith('Rewrite'));
      const { errors, report } = lintedAsApache(config, file, result, result.output.trim());
      if (words === undefined) {
        assert.equal(result.status, 0, `Apache refuses a line the table accepts\n${report}`);
        assert.deepEqual(errors, [], `we refuse what Apache accepts\n${report}`);
        return;
      }
      assert.notEqual(result.status, 0, `Apache accepts a line the table refuses\n${report}`);
      const refusal = innermostSyntaxError(result.output);
      assert.deepEqual([refusal?.line, refusal?.message], [line, words], `Apache's line or words differ from the table's\n${report}`);
      const ours = errors.filter(
        (error) =>
          error.line === line &&
          error.ruleId === 'invalid-directive-argument' &&
          error.apacheMessage !== undefined &&
          printed(error.apacheMessage) === words,
      );
      assert.equal(ours.length, 1, `no error of ours on line ${line} quotes Apache's words\n${report}`);
    });
  }
});
