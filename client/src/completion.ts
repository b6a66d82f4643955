/**
 * Completion glue: accepting a parameter key (`status=`) types no trigger character, so VS Code
 * would wait for one before offering the values; the items that end in `=` ask for suggestions again.
 */

/** The part of a completion item this looks at (vscode.CompletionItem has it; no vscode import, so it is tested alone). */
interface Item {
  readonly label: string | { readonly label: string };
  command?: { title: string; command: string };
}

/** The items, those that insert a parameter key with a command that reopens the suggestions (a server's own command is kept). */
export function reopenAfterKeys<T extends Item>(items: T[]): T[] {
  for (const item of items) {
    const label = typeof item.label === 'string' ? item.label : item.label.label;
    if (label.endsWith('=') && !item.command) item.command = { title: 'Suggest values', command: 'editor.action.triggerSuggest' };
  }
  return items;
}
