// A table of directive lines checked on a real Apache, each against the linter reading the same file:
// `apache2 -t` must give the table's verdict and words on the line checked (the last one the table's
// `checked` test picks), and the linter an invalid-directive-argument error on that line quoting
// Apache's words where Apache refuses, and no error at all where it accepts.
import assert from 'node:assert/strict';
import { configTestBatch, lintedAsApache, innermostSyntaxError, moduleLines, serverLines } from './harness';

/** Lines after the modules are loaded (the last one `checked` picks is the one checked): undefined where Apache accepts it, else its words. */
export type ArgumentLines = readonly (readonly [text: string, apache: string | undefined])[];

/** Apache's words as its error log prints them: a backslash doubled, each byte beyond ASCII as `\xHH`. */
function printed(words: string): string {
  return [...Buffer.from(words.replace(/\\/g, '\\\\'), 'utf8')]
    .map((byte) => (byte < 0x80 ? String.fromCharCode(byte) : `\\x${byte.toString(16)}`))
    .join('');
}

/** One test per line of `lines`, all checked in one batch of `apache2 -t` runs named `batchName`. */
export function describeArgumentLines(
  title: string,
  batchName: string,
  modules: readonly string[],
  lines: ArgumentLines,
  checked: (line: string) => boolean,
): void {
  describe(title, function () {
    const batch = configTestBatch(batchName, (dir, port) =>
      lines.map(([text]) => [...serverLines(dir, port), ...moduleLines(modules), text, ''].join('\n')),
    );

    for (const [number, [text, words]] of lines.entries()) {
      it(`${words === undefined ? 'accepts' : 'refuses'} ${JSON.stringify(text)}`, function () {
        const { results, files, texts } = batch();
        const [result, file, config] = [results[number]!, files[number]!, texts[number]!];
        const configLines = config.split('\n');
        const line = configLines.length - [...configLines].reverse().findIndex(checked);
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
            // The log's line loses the space some messages end with ("…in the form env=envar ").
            printed(error.apacheMessage).trimEnd() === words,
        );
        assert.equal(ours.length, 1, `no error of ours on line ${line} quotes Apache's words\n${report}`);
      });
    }
  });
}
