/** Environment files (Debian's `envvars`) read for `${NAME}`, shared by the CLI's --env-file and the editor's envFile setting. */
/**
 * Reads `NAME=value` and `export NAME=value` lines, as Debian's envvars sets them, without running a
 * shell: quotes are removed, `$NAME`/`${NAME}` expand from what the file set already, else from
 * `outer` (what earlier flags set), anything else (conditionals, commands) is ignored.
 */
export function readEnvFile(text: string, outer: Readonly<Record<string, string | undefined>> = {}): Record<string, string> {
  const result: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2]!.trim();
    const quoted = /^(["'])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2]!;
    else value = value.replace(/\s+#.*$/, '');
    if (!quoted || quoted[1] === '"') {
      value = value.replace(
        /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
        (_, braced: string | undefined, fallback: string | undefined, bare: string | undefined) => {
          const name = braced ?? bare ?? '';
          return result[name] ?? outer[name] ?? fallback ?? '';
        },
      );
    }
    result[match[1]!] = value;
  }
  return result;
}
