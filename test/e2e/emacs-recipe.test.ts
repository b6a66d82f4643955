/**
 * The Emacs recipe of docs/editors.md, run as written on Debian's Emacs 28 with elpa-eglot: the
 * Elisp block is loaded as the init file, `balancer-lens` on PATH is the built CLI, and Emacs starts
 * outside the configuration root on a site file with a zero loadfactor.
 * test/e2e/emacs/recipe-probe.el reports back.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './harness/codeServer';
import { recipeSite, runProbe } from './harness/recipes';

const SITE_FILE = `<Proxy "balancer://shop">
    BalancerMember http://10.0.0.1:8080 loadfactor=3
    BalancerMember http://10.0.0.2:8080
</Proxy>
<Proxy "balancer://api">
    BalancerMember http://10.0.1.1:8080 loadfactor=0
    BalancerMember http://10.0.1.2:8080
</Proxy>
ProxyPass "/shop" "balancer://shop"
ProxyPassReverse "/shop" "balancer://shop"
ProxyPass "/api" "balancer://api"
ProxyPassReverse "/api" "balancer://api"
`;

interface RecipeProbe {
  error?: string;
  mode?: string;
  root?: string;
  diagnostics?: { line: number; type: string; text: string }[];
  hover?: string;
}

describe("the Emacs recipe in docs/editors.md, as written (Debian's Emacs 28 and elpa-eglot)", function () {
  this.timeout(60_000);
  let probe: RecipeProbe;
  let site: string;

  before(() => {
    try {
      execFileSync('emacs', ['--version'], { stdio: 'pipe' });
    } catch {
      throw new Error('emacs is not installed: apt-get install emacs-nox elpa-eglot (.ci/run does)');
    }
    const recipe = recipeSite('emacs-recipe', 'sites-enabled', SITE_FILE, 'elisp', 'init.el');
    site = recipe.site;
    probe = runProbe(
      recipe,
      'emacs',
      [
        '--batch',
        // What an interactive Emacs does at startup: activate the installed packages (elpa-eglot).
        '--eval',
        '(package-activate-all)',
        '-l',
        recipe.init,
        '-l',
        join(ROOT, 'test/e2e/emacs/recipe-probe.el'),
      ],
      { PROBE_FILE: recipe.file, PROBE_HOVER_LINE: '1' },
    ) as RecipeProbe;
  });

  it('opens a file under sites-enabled/ in the recipe’s mode and takes the root from the nearest apache2.conf', () => {
    assert.equal(probe.error, undefined);
    assert.equal(probe.mode, 'apacheconf-mode');
    assert.equal(probe.root, `${site}/`);
  });

  it('shows the zero loadfactor as a Flymake error on its line', () => {
    const zero = (probe.diagnostics ?? []).filter((diagnostic) => diagnostic.text.includes('[zero-loadfactor]'));
    assert.deepEqual(
      zero.map(({ line, type }) => ({ line, type })),
      [{ line: 6, type: 'eglot-error' }],
      JSON.stringify(probe.diagnostics),
    );
  });

  it('answers a hover on a balancer with its shares', () => {
    // The hover is markdown with configuration text escaped (`balancer\://shop`, so no client makes it a link);
    // Emacs without markdown-mode shows the markdown source.
    assert.match(probe.hover ?? '', /balancer\\:\/\/shop/);
    assert.match(probe.hover ?? '', /75\.0%/, probe.hover);
  });
});
