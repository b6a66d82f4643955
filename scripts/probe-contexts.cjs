// Asks the real Apache where each directive of the manual's table may stand: for every directive and
// every context (top level, <VirtualHost>, <Location>, <Directory>, <Files>, <Proxy>, <If>, <Limit>),
// it writes a tiny configuration and runs `apache2 -t`. Output: JSON on stdout, one entry per
// directive with "ok…" or "NO: <Apache's refusal>" per context; scripts/generate-contexts.ts turns it
// into server/src/core/directives/refused-contexts.ts.
// Usage: node scripts/probe-contexts.cjs BASE.conf SCRATCH_DIR > results.json
//   BASE.conf: a complete configuration that loads every module in /usr/lib/apache2/modules.
require('tsx/cjs');
const { DIRECTIVES } = require('../server/src/core/directives/table.ts');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');

const [base, root] = [fs.readFileSync(process.argv[2], 'utf8'), process.argv[3]];
const empty = `${root}/empty.conf`;
fs.writeFileSync(empty, '');
const CONTEXTS = {
  s: [[], []],
  v: [['<VirtualHost *:80>'], ['</VirtualHost>']],
  loc: [['<Location /x>'], ['</Location>']],
  dir: [['<Directory /x>'], ['</Directory>']],
  files: [['<Files x>'], ['</Files>']],
  proxy: [['<Proxy balancer://x>'], ['</Proxy>']],
  if: [['<If "true">'], ['</If>']],
  limit: [
    ['<Location /x>', '<Limit GET>'],
    ['</Limit>', '</Location>'],
  ],
};
// Arguments a directive accepts, so that an argument error does not hide the context check.
const SPECIAL = {
  Include: [empty],
  IncludeOptional: [empty],
  LoadModule: ['proxy_module /usr/lib/apache2/modules/mod_proxy.so'],
  ServerRoot: [root],
  DefaultRuntimeDir: [root],
  Define: ['x'],
  UnDefine: ['x'],
  Mutex: ['default'],
};
const REFUSAL = /^\S+ (not allowed (here|in <\S+> context)|cannot occur within .*)$/;
const out = [];
let n = 0;
for (const directive of DIRECTIVES) {
  const result = { name: directive.name };
  for (const [context, [before, after]] of Object.entries(CONTEXTS)) {
    let verdict = 'ok';
    for (const args of SPECIAL[directive.name] ?? ['x', 'x x', '', 'x x x']) {
      const line = directive.name.startsWith('<')
        ? [`${directive.name}${args ? ` ${args}` : ''}>`, `</${directive.name.slice(1)}>`]
        : [`${directive.name}${args ? ` ${args}` : ''}`];
      const file = `${root}/probe${n++}.conf`;
      fs.writeFileSync(`${file}.body`, [...before, ...line, ...after].join('\n') + '\n');
      fs.writeFileSync(file, `${base}\nInclude ${file}.body\n`);
      const run = spawnSync('apache2', ['-t', '-f', file], { encoding: 'utf8' });
      fs.unlinkSync(file);
      fs.unlinkSync(`${file}.body`);
      const last = `${run.stderr}${run.stdout}`.trim().split('\n').pop();
      if (REFUSAL.test(last)) {
        verdict = `NO: ${last}`;
        break;
      }
      if (/argument|takes|requires/i.test(last) && args !== 'x x x') continue;
      break;
    }
    result[context] = verdict;
  }
  out.push(result);
}
process.stdout.write(JSON.stringify(out));
