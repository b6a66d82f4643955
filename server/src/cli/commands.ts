/** The commands; `help COMMAND`, the suggestions for a mistyped one and the code cache's names take them from here. */
export const COMMANDS = ['lint', 'schedule', 'diff', 'trace', 'status', 'lsp', 'help'] as const;
