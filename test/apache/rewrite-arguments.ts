// The RewriteRule and RewriteCond lines whose verdicts test/apache/rewrite-arguments.test.ts checks
// against `apache2 -t` on every run, with the linter reading the same file: mod_rewrite's own argument
// line (parseargline), flag lexer (cmd_parseflagfield) and flags (cmd_rewriterule_setflag,
// cmd_rewritecond_setflag). Recorded from Apache/2.4.71 (Debian).

import type { ArgumentLines } from './argument-lines';

/**
 * Lines after mod_rewrite is loaded (the last `Rewrite…` line is the one checked; others set it up):
 * undefined where Apache accepts it, else its words as it prints them (a backslash doubled, bytes
 * beyond ASCII as `\xHH`).
 */
export const LINES: ArgumentLines = [
  // the argument line: parseargline needs two words, ends a quoted word at its quote only, keeps `\ `
  ['RewriteRule ^/a', "RewriteRule: bad argument line '^/a'"],
  ['RewriteRule', "RewriteRule: bad argument line ''"],
  ['RewriteRule "^/a c [X]', `RewriteRule: bad argument line '"^/a c [X]'`],
  ['RewriteRule "', `RewriteRule: bad argument line '"'`],
  ['RewriteCond %{HTTP_HOST}', "RewriteCond: bad argument line '%{HTTP_HOST}'"],
  ['RewriteCond', "RewriteCond: bad argument line ''"],
  ['RewriteRule "^/a"', undefined],
  ['RewriteRule ""', undefined],
  ['RewriteRule "" b', undefined],
  ['RewriteRule ^/a b [L] extra', undefined],
  ['RewriteRule ^/a b [X] # comment', "RewriteRule: unknown flag 'X'"],
  ['RewriteRule ^/a b [L]\t[X]', undefined],
  ['RewriteRule ^/a b\t[X]', "RewriteRule: unknown flag 'X'"],
  ['RewriteRule "^/a b" c [X]', "RewriteRule: unknown flag 'X'"],
  ["RewriteRule '^/a\"b' c [X]", "RewriteRule: unknown flag 'X'"],
  ['RewriteRule ^/a\\ b c [X]', "RewriteRule: unknown flag 'X'"],
  ['RewriteRule ^/a\\ b c', undefined],
  ['RewriteCond %{HTTP_HOST} ^a\\ b', undefined],
  ['RewriteCond "%{HTTP_HOST}" "^a b" [NC]', undefined],
  ['RewriteRule ^/a b\\ c [X]', "RewriteRule: unknown flag 'X'"],
  ['RewriteRule ^/a "b c" [X]', "RewriteRule: unknown flag 'X'"],
  ['RewriteRule ^/a "b c [X]', undefined],
  ['RewriteRule ^/a b" c [X]', 'RewriteRule: bad flag delimiters'],
  ['RewriteRule "^/a"b c', 'RewriteRule: bad flag delimiters'],
  ['RewriteRule "^/a\\" b" c', 'RewriteRule: bad flag delimiters'],
  ['RewriteRule "^/a" "b" "[L]"', undefined],
  // the flag field: `[` … `]` as one word
  ['RewriteRule ^/a b [L', 'RewriteRule: bad flag delimiters'],
  ['RewriteRule ^/a b L', 'RewriteRule: bad flag delimiters'],
  ['RewriteRule ^/a b c d', 'RewriteRule: bad flag delimiters'],
  ['RewriteRule ^/a b [', 'RewriteRule: bad flag delimiters'],
  ['RewriteRule ^/a b ]', 'RewriteRule: bad flag delimiters'],
  ['RewriteRule ^/a b ""', 'RewriteRule: bad flag delimiters'],
  ['RewriteRule ^/a b "', 'RewriteRule: bad flag delimiters'],
  ['RewriteRule ^/a b [ ]', 'RewriteRule: bad flag delimiters'],
  ['RewriteRule ^/a b [R = 301]', 'RewriteRule: bad flag delimiters'],
  ['RewriteRule ^/a b [ R=301 , L ]', 'RewriteRule: bad flag delimiters'],
  ['RewriteRule ^/a b [L]"', 'RewriteRule: bad flag delimiters'],
  ['RewriteRule ^/a b "[L, P]"', undefined],
  ["RewriteRule ^/a b '[L]'", undefined],
  ['RewriteRule ^/a b "[L]', undefined],
  ['RewriteRule ^/a b "[L]"x', undefined],
  // the lexer: pieces between commas, trimmed, split at the first `=`
  ['RewriteRule ^/a http://b/ [P]]', "RewriteRule: unknown flag 'P]'"],
  ['RewriteRule ^/a b [[L]', "RewriteRule: unknown flag '[L'"],
  ['RewriteRule ^/a b []', "RewriteRule: unknown flag ''"],
  ['RewriteRule ^/a b [L,]', "RewriteRule: unknown flag ''"],
  ['RewriteRule ^/a b [,]', "RewriteRule: unknown flag ''"],
  ['RewriteRule ^/a b [L,,P]', "RewriteRule: unknown flag ''"],
  ['RewriteRule ^/a b [=1]', "RewriteRule: unknown flag ''"],
  ['RewriteRule ^/a b "[ ]"', "RewriteRule: unknown flag ','"],
  ['RewriteRule ^/a b "[ ,L]"', "RewriteRule: unknown flag ',L,'"],
  ['RewriteRule ^/a b "[L, ,R=5]"', "RewriteRule: unknown flag ',R'"],
  ['RewriteRule ^/a b [X\\ Y]', "RewriteRule: unknown flag 'X\\\\ Y'"],
  ['RewriteRule ^/a b [é]', "RewriteRule: unknown flag '\\xc3\\xa9'"],
  ['RewriteRule ^/a b [R=301=4]', undefined],
  // RewriteRule's flags, by first letter
  ['RewriteRule ^/a b [X]', "RewriteRule: unknown flag 'X'"],
  ['RewriteRule ^/a b [X=1]', "RewriteRule: unknown flag 'X'"],
  ['RewriteRule ^/a b [1]', "RewriteRule: unknown flag '1'"],
  ['RewriteRule ^/a b [LL]', "RewriteRule: unknown flag 'LL'"],
  ['RewriteRule ^/a b [Q]', "RewriteRule: unknown flag 'Q'"],
  ['RewriteRule ^/a b [U]', "RewriteRule: unknown flag 'U'"],
  ['RewriteRule ^/a b [BX]', "RewriteRule: unknown flag 'BX'"],
  ['RewriteRule ^/a b [backrefnoplus]', "RewriteRule: unknown flag 'backrefnoplus'"],
  ['RewriteRule ^/a - [F,X]', "RewriteRule: unknown flag 'X'"],
  ['RewriteRule ^/a - [X,F]', "RewriteRule: unknown flag 'X'"],
  ['RewriteRule ^/a b [B,B=,BCTLS,BNP,backrefescaping,backrefernoplus,BNE=x]', undefined],
  ['RewriteRule ^/a b [BNE]', "RewriteRule: flag 'BNE' wants a list of characters (i.e. [BNE=...])"],
  ['RewriteRule ^/a b [bne=]', "RewriteRule: flag 'BNE' wants a list of characters (i.e. [BNE=...])"],
  ['RewriteRule ^/a b [C,chain,CO,CO=a,cookie=a:b:c]', undefined],
  ['RewriteRule ^/a b [D,DPI,discardpath,Dxyz]', undefined],
  ['RewriteRule ^/a b [E,E=,env=x:y,END]', undefined],
  ['RewriteRule ^/a b [F,forbidden,G,gone,H,H=x,handler=x,L,l,Last,L=1]', undefined],
  ['RewriteRule ^/a b [N,N=abc,next,NC,nocase,NE,noescape,NS,nosubreq]', undefined],
  ['RewriteRule ^/a b [P,proxy,PT,passthrough,QSA,qsappend,QSD,qsdiscard,QSL,qslast]', undefined],
  ['RewriteRule ^/a b [S,S=abc,skip=2,T,T=x,type=x,UNC,UnsafeAllow3F,UnsafePrefixStat]', undefined],
  // R=: a word, or a number atoi reads (its low 32 bits) with a status line, or 500
  ['RewriteRule ^/a b [R,R=,redirect,R=permanent,R=Temp,R=SEEOTHER,R=foo,R=+301,R=0301,R=301abc]', undefined],
  ['RewriteRule ^/a b [R=4294967597]', undefined],
  ['RewriteRule ^/a b [R=99999999999]', "RewriteRule: invalid HTTP response code '99999999999' for flag 'R'"],
  ['RewriteRule ^/a b [redirect=418]', "RewriteRule: invalid HTTP response code '418' for flag 'R'"],
  ['RewriteRule ^/a b [R= 418]', 'RewriteRule: bad flag delimiters'],
  ['RewriteRule ^/a - [R=1000,X]', "RewriteRule: invalid HTTP response code '1000' for flag 'R'"],
  ...statusLines(),
  // RewriteCond's flags
  ['RewriteCond %{HTTP_HOST} ^a [NC,OR,NV]', undefined],
  ['RewriteCond %{HTTP_HOST} ^a [nocase,ornext,novary]', undefined],
  ['RewriteCond %{HTTP_HOST} ^a [NC=1]', undefined],
  ['RewriteCond %{HTTP_HOST} ^a "[NC, OR]"', undefined],
  ['RewriteCond %{HTTP_HOST} ^a [NC] extra', undefined],
  ['RewriteCond %{HTTP_HOST} -f [NC]', undefined],
  ['RewriteCond %{HTTP_HOST} ^a [L]', "RewriteCond: unknown flag 'L'"],
  ['RewriteCond %{HTTP_HOST} ^a [X=1]', "RewriteCond: unknown flag 'X'"],
  ['RewriteCond %{HTTP_HOST} ^a [N]', "RewriteCond: unknown flag 'N'"],
  ['RewriteCond %{HTTP_HOST} ^a [NC', 'RewriteCond: bad flag delimiters'],
  ['RewriteCond %{HTTP_HOST} ^a NC', 'RewriteCond: bad flag delimiters'],
  ['RewriteCond %{HTTP_HOST} ^a b c', 'RewriteCond: bad flag delimiters'],
  ['RewriteCond %{HTTP_HOST} ^a [NC]]', "RewriteCond: unknown flag 'NC]'"],
  ['RewriteCond %{HTTP_HOST} ^a []', "RewriteCond: unknown flag ''"],
  ['RewriteCond %{HTTP_HOST} ^a [NC,]', "RewriteCond: unknown flag ''"],
  ['RewriteCond %{HTTP_HOST} -f [X]', "RewriteCond: unknown flag 'X'"],
  // RewriteCond patterns that are no regex (cmd_rewritecond): an integer test takes any text after
  // its operator, `!-ne` is `-eq`; so neither is compiled, whatever follows
  ['RewriteCond %{HTTP_HOST} -lt(', undefined],
  ['RewriteCond %{HTTP_HOST} !-ne[', undefined],
  ['RewriteCond %{HTTP_HOST} <=(', undefined],
  // RewriteCond expr: the expression is the second word as parseargline cuts it
  ['RewriteCond expr "true" [NV]', undefined],
  ['RewriteCond expr "true" [X]', "RewriteCond: unknown flag 'X'"],
  [`RewriteCond expr "%{HTTP_HOST} == 'a'"`, undefined],
  [`RewriteCond expr '%{HTTP_HOST} == "a"'`, undefined],
  ['RewriteCond expr "%{HTTP_HOST} == \\"a\\""', 'RewriteCond: bad flag delimiters'],
  [
    "RewriteCond expr %{HTTP_HOST}\\ ==\\ 'a'",
    `RewriteCond: cannot compile expression "%{HTTP_HOST}\\\\ ==\\\\ 'a'" syntax error, unexpected T_ERROR: Parse error near '\\\\'`,
  ],
  ['RewriteCond expr "(" [L]', "RewriteCond: unknown flag 'L'"],
  // `${VAR}` is replaced before mod_rewrite reads the line
  ['Define F X\nRewriteRule ^/a b [L,${F},NC]', "RewriteRule: unknown flag 'X'"],
  ['Define F "L,NC"\nRewriteRule ^/a b [${F}]', undefined],
  // every context takes both directives
  ['<Location /x>\n<Limit GET>\nRewriteRule ^/a b [X]\n</Limit>\n</Location>', "RewriteRule: unknown flag 'X'"],
  ['<Directory /x>\nRewriteCond a b [X]\n</Directory>', "RewriteCond: unknown flag 'X'"],
];

/**
 * `[R=N]` for each status 99–600 at an edge of Apache's status lines (a known status or one next to
 * one): accepted where Apache 2.4.71 has a status line (103 and 511 included) or N is 500.
 */
function statusLines(): [string, string | undefined][] {
  const known = new Set([
    ...[100, 101, 102, 103, 200, 201, 202, 203, 204, 205, 206, 207, 208, 226, 300, 301, 302, 303, 304, 305, 307, 308],
    ...[400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 421, 422, 423, 424],
    ...[426, 428, 429, 431, 451, 500, 501, 502, 503, 504, 505, 506, 507, 508, 510, 511],
  ]);
  const lines: [string, string | undefined][] = [];
  for (let status = 99; status <= 600; status++) {
    if (!known.has(status) && !known.has(status - 1) && !known.has(status + 1)) continue;
    const apache = known.has(status) ? undefined : `RewriteRule: invalid HTTP response code '${status}' for flag 'R'`;
    lines.push([`RewriteRule ^/a b [R=${status}]`, apache]);
  }
  return lines;
}
