/**
 * "Balancer Lens: Trace a Request…": asks for a request (`[METHOD] URL`), sends it to the server,
 * which traces it through the active file's configuration, and lists the steps in a quick pick, as
 * Go to Symbol does: moving through the steps shows each one's line, Enter goes there. The answer
 * is also the command's result, for keybindings, tasks and tests.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { TRACE_REQUEST, type TraceAnswer, type TraceAnswerStep } from '../../server/src/protocol';

/** The command's id. */
export const TRACE_COMMAND = 'balancerLens.traceRequest';

/** A request as typed: an optional method, then an absolute URL. */
const TYPED_REQUEST = /^\s*(?:([A-Za-z!#$%&'*+.^_`|~0-9-]+)\s+)?(\S+)\s*$/;

/** A step of the pick, with the line it opens. */
interface StepItem extends vscode.QuickPickItem {
  readonly step?: TraceAnswerStep;
}

/** The request typed last in this window, offered again. */
let lastTyped = 'GET http://localhost/';

/** Runs the command on the active editor's file; `typed` skips the input box. */
export async function traceRequestCommand(client: LanguageClient | undefined, typed?: string): Promise<TraceAnswer | undefined> {
  const document = vscode.window.activeTextEditor?.document;
  if (!document || document.languageId !== 'apacheconf') {
    void vscode.window.showInformationMessage('Balancer Lens: open an Apache configuration file to trace a request through it.');
    return undefined;
  }
  const request =
    typed ??
    (await vscode.window.showInputBox({
      title: 'Balancer Lens: Trace a Request',
      prompt: 'The request: an optional method, then the URL a client asks for (its host and port choose the virtual host)',
      placeHolder: 'GET http://shop.example.com/api/v1/x',
      value: lastTyped,
      valueSelection: [lastTyped.length, lastTyped.length],
      validateInput: (value) => (TYPED_REQUEST.test(value) ? undefined : 'write [METHOD] URL, e.g. GET http://localhost/api/x'),
    }));
  if (request === undefined) return undefined;
  const parts = TYPED_REQUEST.exec(request);
  if (!parts) {
    void vscode.window.showErrorMessage(`Balancer Lens: "${request}" is not [METHOD] URL.`);
    return undefined;
  }
  lastTyped = request.trim();
  const [, method = 'GET', url = ''] = parts;
  const answer = await client?.sendRequest<TraceAnswer | null>(TRACE_REQUEST, { uri: document.uri.toString(), url, method, headers: [] });
  if (!answer) {
    void vscode.window.showInformationMessage('Balancer Lens: this file is not part of a configuration the server has read.');
    return undefined;
  }
  if ('error' in answer) {
    void vscode.window.showErrorMessage(`Balancer Lens: ${answer.error}`);
    return answer;
  }
  showSteps(`${method.toUpperCase()} ${url}`, answer);
  return answer;
}

/** The quick pick: the steps with their lines, then what the member receives and what the client gets back. */
function showSteps(request: string, answer: Exclude<TraceAnswer, { error: string }>): void {
  const pick = vscode.window.createQuickPick<StepItem>();
  const outcome =
    answer.handledBy === 'proxy' ? 'proxied' : answer.handledBy === 'local' ? 'answered by Apache itself' : 'refused by Apache';
  pick.title = `${request} — ${outcome}: status ${answer.status ?? 'depends on the files on disk'}`;
  pick.placeholder = 'The steps Apache takes: choose one to open its line';
  pick.matchOnDescription = true;
  const items: StepItem[] = answer.steps.map((step) => ({
    label: plain(step.what),
    description: step.file === null ? undefined : `${vscode.workspace.asRelativePath(fileUri(step.file), false)}:${step.line}`,
    step,
  }));
  if (answer.backendRequest) {
    items.push({ label: 'the member receives', kind: vscode.QuickPickItemKind.Separator });
    items.push({ label: plain(`${answer.backendRequest.method} ${answer.backendRequest.url}`) });
    for (const [name, value] of Object.entries(answer.backendRequest.headers)) items.push({ label: plain(`${name}: ${value}`) });
  }
  const back = [
    ['Location', answer.clientLocation],
    ['Set-Cookie', answer.clientSetCookie],
  ].filter((entry): entry is [string, string] => entry[1] !== null);
  if (back.length > 0) {
    items.push({ label: 'the client receives', kind: vscode.QuickPickItemKind.Separator });
    for (const [name, value] of back) items.push({ label: plain(`${name}: ${value}`) });
  }
  pick.items = items;
  const first = items.find((item) => item.step?.file);
  if (first) pick.activeItems = [first];
  pick.onDidChangeActive(([item]) => void openStep(item, true));
  pick.onDidAccept(() => {
    const [item] = pick.activeItems;
    if (!item?.step?.file) return;
    pick.hide();
    void openStep(item, false);
  });
  pick.onDidHide(() => pick.dispose());
  pick.show();
}

/** Shows a step's line: a preview while moving through the pick, the editor's focus on Enter. */
async function openStep(item: StepItem | undefined, preview: boolean): Promise<void> {
  const step = item?.step;
  if (!step?.file || step.line === null) return;
  const position = new vscode.Position(Math.max(0, step.line - 1), 0);
  await vscode.window.showTextDocument(fileUri(step.file), {
    preview,
    preserveFocus: preview,
    selection: new vscode.Range(position, position),
  });
}

/** Text a quick pick shows as itself: `$(name)` would be an icon. */
function plain(text: string): string {
  return text.replace(/\$\(/g, '\\$(');
}

/** A file the server names by URI. */
function fileUri(file: string): vscode.Uri {
  return /^[a-z][a-z0-9+.-]*:/i.test(file) ? vscode.Uri.parse(file) : vscode.Uri.file(file);
}
