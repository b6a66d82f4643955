/** VS Code client: the editor issue starts the language server from here. */
export function activate(): void {}

/** Nothing to release yet. */
export function deactivate(): void {}
