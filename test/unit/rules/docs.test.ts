import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderRegistry, ruleIds } from '../../../scripts/rules-registry';
import { renderRulesDocs, RULES_DOCS_DIR } from '../../../scripts/rules-docs';
import { RULES } from '../../../server/src/core/rules';
import { RULE_EXAMPLES } from '../../../server/src/core/rules/examples';
import { findingsOf } from '../../support/rules';

/** Examples are read as a file on a machine where nothing else exists, so includes are followed and fail. */
const EXAMPLE = { path: '/etc/apache2/example.conf', files: {} };

describe('rules and their documentation', () => {
  it('registers every rule file, each under its own id', () => {
    assert.deepEqual(
      RULES.map((rule) => rule.id),
      ruleIds(),
    );
  });

  it('keeps the rule ids and the registry generated from the rule files (npm run docs)', () => {
    for (const [path, text] of renderRegistry(ruleIds()))
      assert.equal(readFileSync(path, 'utf8'), text, `${path} is stale: run npm run docs`);
  });

  for (const rule of RULES) {
    describe(rule.id, () => {
      it('has a kebab-case id and complete docs', () => {
        assert.match(rule.id, /^[a-z0-9]+(-[a-z0-9]+)*$/);
        for (const [field, value] of Object.entries(rule.docs)) assert.ok(value.trim().length > 0, `docs.${field} is empty`);
      });
      // unused-suppression is raised by the lint runner itself; its examples are checked in the lint tests.
      // include-over-limit depends on what the included folders hold; its examples are checked in the include tests.
      // include-outside-roots depends on the include roots; its examples are checked in the CLI manners tests.
      if (rule.id === 'unused-suppression' || rule.id === 'include-over-limit' || rule.id === 'include-outside-roots') return;
      it('flags its bad example', () =>
        assert.ok(findingsOf(rule.id, RULE_EXAMPLES[rule.id].bad, EXAMPLE).length > 0, RULE_EXAMPLES[rule.id].bad));
      it('does not flag its good example', () =>
        assert.equal(findingsOf(rule.id, RULE_EXAMPLES[rule.id].good, EXAMPLE).length, 0, RULE_EXAMPLES[rule.id].good));
    });
  }

  it('keeps the rule pages in docs/rules current (npm run docs)', () => {
    const pages = renderRulesDocs(RULES);
    assert.deepEqual(
      readdirSync(RULES_DOCS_DIR).sort(),
      [...pages.keys()].sort(),
      'docs/rules holds other pages than the rules: run npm run docs',
    );
    for (const [file, text] of pages)
      assert.equal(readFileSync(join(RULES_DOCS_DIR, file), 'utf8'), text, `docs/rules/${file} is stale: run npm run docs`);
  });
});
