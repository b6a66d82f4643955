/**
 * A configuration set's findings per file (core/config-set.ts): each finding of a file once, even when
 * several configurations read the file, or one reads it twice. Compared with the direct reading —
 * every finding localized, kept unless one with the same file, rule, span and message came first,
 * then sorted by span — on every fuzz seed text (rule examples, examples/, lint fixtures, the
 * real-world corpus) as a file two entries include, one of them twice.
 */
import assert from 'node:assert/strict';
import { assembleSet, ConfigurationSet, SetFile, SetOptions } from '../../../server/src/core/config-set';
import { localize } from '../../../server/src/core/files';
import type { Diagnostic } from '../../../server/src/core/rules/types';
import { EPOCH, seedTexts } from '../../fuzz/inputs';
import { memoryFiles } from '../../support/rules';

/** The direct reading of each file's findings, from the set's configurations. */
function directFindings(set: ConfigurationSet, given: readonly SetFile[]): Map<string, Diagnostic[]> {
  const byFile = new Map<string, Diagnostic[]>(given.map((file) => [file.key, []]));
  const seen = new Set<string>();
  for (const { entry, analysis, diagnostics } of set.configurations) {
    for (const { file, diagnostic } of localize(analysis.tree.files, diagnostics)) {
      const key = file.path && file !== analysis.tree.files[0] ? file.path : entry.key;
      const identity = JSON.stringify([key, diagnostic.ruleId, diagnostic.span.start, diagnostic.span.end, diagnostic.message]);
      if (seen.has(identity)) continue;
      seen.add(identity);
      byFile.set(key, [...(byFile.get(key) ?? []), diagnostic]);
    }
  }
  for (const diagnostics of byFile.values()) diagnostics.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
  return byFile;
}

describe('configuration set: findings per file', function () {
  // Three files and two configurations for each of a few hundred seed texts.
  this.timeout(120_000);
  it('keeps each finding of a file read by two configurations (one reading it twice) once, in span order', () => {
    let repeats = 0;
    for (const text of seedTexts().texts) {
      const texts: Record<string, string> = {
        '/w/a.conf': 'Include /w/shared.conf\n',
        '/w/b.conf': 'Include /w/shared.conf\nInclude /w/shared.conf\n',
        '/w/shared.conf': text,
      };
      const given: SetFile[] = Object.entries(texts).map(([path, text]) => ({ key: path, path, text }));
      const options: SetOptions = {
        files: memoryFiles(texts),
        keyOf: (path) => path,
        read: { epochSeconds: EPOCH },
        rulesFor: () => undefined,
      };
      const set = assembleSet(given, options);
      const expected = directFindings(set, given);
      assert.deepEqual(
        new Map([...set.findings].map(([key, findings]) => [key, findings.diagnostics])),
        expected,
        `findings of:\n${text.slice(0, 300)}`,
      );
      const all = set.configurations.reduce((count, configuration) => count + configuration.diagnostics.length, 0);
      repeats += all - [...expected.values()].reduce((count, diagnostics) => count + diagnostics.length, 0);
    }
    assert.ok(repeats > 100, `only ${repeats} repeated findings were dropped`);
  });
});
