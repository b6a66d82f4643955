/** The extension manifest (package.json `contributes`) and the files it points at. */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES } from '../../../server/src/core/rules';
import { DEFAULT_SETTINGS } from '../../../server/src/lsp/settings';
import { manifestText, PACKAGE_JSON, RULE_LEVELS, RULES_SETTING, withRulesSetting } from '../../../scripts/rules-settings';

const ROOT = join(__dirname, '../../..');
const text = readFileSync(PACKAGE_JSON, 'utf8');
const manifest = JSON.parse(text);
const contributes = manifest.contributes;
const properties = contributes.configuration.properties;

describe('extension manifest', () => {
  it('lists every rule under balancerLens.rules, with its default (npm run docs)', () => {
    assert.equal(text, manifestText(withRulesSetting(manifest, RULES)), 'package.json balancerLens.rules is stale: run npm run docs');
    const setting = properties[RULES_SETTING];
    assert.deepEqual(Object.keys(setting.properties).sort(), RULES.map((rule) => rule.id).sort());
    assert.equal(setting.additionalProperties, false);
    for (const rule of RULES) assert.deepEqual(setting.properties[rule.id].enum, [...RULE_LEVELS], rule.id);
  });

  it('contributes the settings the server reads, with their defaults', () => {
    assert.equal(properties['balancerLens.preview.picks'].default, 20);
    assert.equal(properties['balancerLens.inlayHints.enabled'].default, true);
    assert.deepEqual(properties['balancerLens.trace.server'].enum, ['off', 'messages', 'verbose']);
    assert.equal(properties['balancerLens.limits.maxSize'].default * 1024 * 1024, DEFAULT_SETTINGS.limits.size);
    assert.equal(properties['balancerLens.limits.maxIncludes'].default, DEFAULT_SETTINGS.limits.includes);
    assert.equal(properties['balancerLens.limits.maxDirectoryDepth'].default, DEFAULT_SETTINGS.limits.directoryDepth);
    assert.equal(properties['balancerLens.diagnostics.delay'].default, DEFAULT_SETTINGS.diagnosticsDelay);
    assert.equal(properties['balancerLens.serverRoot'].default, '');
    assert.equal(properties['balancerLens.envFile'].default, '');
    assert.deepEqual(properties['balancerLens.defines'].default, DEFAULT_SETTINGS.defines);
    assert.deepEqual(properties['balancerLens.live.url'].default, DEFAULT_SETTINGS.live.urls);
    assert.equal(properties['balancerLens.live.interval'].default, DEFAULT_SETTINGS.live.intervalSeconds);
    assert.equal(properties['balancerLens.codeLens.enabled'].default, DEFAULT_SETTINGS.codeLenses);
  });

  it('runs in trusted workspaces only: it reads included files and, with balancerLens.live.url, fetches pages', () => {
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, false);
  });

  it('orders the settings: what is shown, then how files are read, then limits and the log', () => {
    const ordered = Object.entries(properties as Record<string, { order?: number }>)
      .sort(([, a], [, b]) => (a.order ?? Infinity) - (b.order ?? Infinity))
      .map(([key]) => key);
    assert.deepEqual(ordered, [
      'balancerLens.rules',
      'balancerLens.diagnostics.delay',
      'balancerLens.inlayHints.enabled',
      'balancerLens.codeLens.enabled',
      'balancerLens.preview.picks',
      'balancerLens.live.url',
      'balancerLens.live.interval',
      'balancerLens.serverRoot',
      'balancerLens.envFile',
      'balancerLens.defines',
      'balancerLens.limits.maxSize',
      'balancerLens.limits.maxIncludes',
      'balancerLens.limits.maxDirectoryDepth',
      'balancerLens.trace.server',
    ]);
    assert.deepEqual(Object.keys(properties), ordered, 'the manifest lists them in that order too');
  });

  it('activates on the apacheconf language and claims Apache files, not every *.conf', () => {
    // Properties is what VS Code opens *.conf as: the extension then offers Apache Config for a file with balancer directives.
    assert.deepEqual(manifest.activationEvents, ['onLanguage:apacheconf', 'onLanguage:properties']);
    const [language] = contributes.languages;
    assert.equal(language.id, 'apacheconf');
    assert.ok(language.aliases.includes('Apache Config'));
    assert.deepEqual(language.filenames, ['httpd.conf', 'apache2.conf', '.htaccess']);
    for (const pattern of language.filenamePatterns)
      assert.ok(pattern.includes('/'), `${pattern} would claim files outside Apache's folders`);
    assert.equal(language.extensions, undefined, 'no bare extensions: *.conf belongs to many programs');
    const firstLine = new RegExp(language.firstLine);
    for (const line of [
      '<VirtualHost *:80>',
      '<Proxy "balancer://shop">',
      'BalancerMember balancer://api http://a',
      'ServerRoot "/etc/apache2"',
    ])
      assert.match(line, firstLine);
    for (const line of ['[section]', 'key = value', 'server {', '# a comment']) assert.doesNotMatch(line, firstLine);
  });

  it('points at files that exist', () => {
    const [language] = contributes.languages;
    const [grammar] = contributes.grammars;
    assert.ok(existsSync(join(ROOT, language.configuration)), language.configuration);
    assert.ok(existsSync(join(ROOT, grammar.path)), grammar.path);
    assert.equal(grammar.scopeName, JSON.parse(readFileSync(join(ROOT, grammar.path), 'utf8')).scopeName);
    for (const validation of contributes.jsonValidation) assert.ok(existsSync(join(ROOT, validation.url)), validation.url);
  });

  it('registers the schedule command that code lenses run, Compare with HEAD, Trace a Request and Refresh Live Status', () => {
    assert.deepEqual(
      contributes.commands.map((command: { command: string; category: string; title: string }) => [
        command.command,
        `${command.category}: ${command.title}`,
      ]),
      [
        ['balancerLens.showSchedule', 'Balancer Lens: Show Schedule'],
        ['balancerLens.compareWithHead', 'Balancer Lens: Compare with HEAD'],
        ['balancerLens.traceRequest', 'Balancer Lens: Trace a Request…'],
        ['balancerLens.live.refresh', 'Balancer Lens: Refresh Live Status'],
        ['balancerLens.restartServer', 'Balancer Lens: Restart Server'],
        ['balancerLens.showOutput', 'Balancer Lens: Show Output'],
      ],
    );
  });

  it('folds and indents <Section> … </Section>', () => {
    const configuration = JSON.parse(readFileSync(join(ROOT, contributes.languages[0].configuration), 'utf8'));
    const start = new RegExp(configuration.folding.markers.start);
    const end = new RegExp(configuration.folding.markers.end);
    assert.match('<Proxy "balancer://shop">', start);
    assert.match('  <IfModule mod_proxy.c>', start);
    assert.doesNotMatch('</Proxy>', start);
    assert.match('</Proxy>', end);
    assert.doesNotMatch('BalancerMember http://a', start);
    assert.equal(configuration.comments.lineComment, '#');
    assert.match('<VirtualHost *:80>', new RegExp(configuration.indentationRules.increaseIndentPattern));
    assert.match('  </VirtualHost>', new RegExp(configuration.indentationRules.decreaseIndentPattern));
  });
});
