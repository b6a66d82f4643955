/**
 * "Balancer Lens: Compare with HEAD": the active file's text at HEAD, from the built-in Git
 * extension's API (no dependency: the few types used are declared here), sent to the server, which
 * answers with the traffic report (markdown); the report opens in a markdown preview beside the file.
 * A view of its own, apart from the schedule panel.
 */
import { realpath } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { DIFF_REQUEST, type DiffAnswer } from '../../server/src/protocol';
/** The scheme of the reports: read-only documents this module serves. */
export const REPORT_SCHEME = 'balancer-lens-report';

/** The part of the Git extension's API (extensions/git/src/api/git.d.ts, version 1) used here. */
interface GitExtension {
  getAPI(version: 1): { getRepository(uri: vscode.Uri): { show(ref: string, path: string): Promise<string> } | null };
}

/** The reports by URI, served as read-only markdown documents. */
export class ReportDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly reports = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.reports.get(uri.toString()) ?? '';
  }

  set(uri: vscode.Uri, markdown: string): void {
    this.reports.set(uri.toString(), markdown);
    this.changed.fire(uri);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** Runs the command on the active editor's file. */
export async function compareWithHead(client: LanguageClient | undefined, reports: ReportDocuments): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const document = editor?.document;
  if (!document || document.languageId !== 'apacheconf' || document.uri.scheme !== 'file') {
    void vscode.window.showInformationMessage(
      'Balancer Lens: open an Apache configuration file of a git repository to compare it with HEAD.',
    );
    return;
  }
  const git = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!git) {
    void vscode.window.showInformationMessage('Balancer Lens: the built-in Git extension is disabled, so HEAD cannot be read.');
    return;
  }
  let api: ReturnType<GitExtension['getAPI']>;
  try {
    api = (git.isActive ? git.exports : await git.activate()).getAPI(1);
  } catch {
    // getAPI throws while Git is off (git.enabled false).
    void vscode.window.showInformationMessage('Balancer Lens: Git is turned off (git.enabled), so HEAD cannot be read.');
    return;
  }
  // A symlink (Debian's conf-enabled/x.conf, as etckeeper commits it) is read at HEAD where it
  // leads: git's blob of the link itself holds only the target's name.
  const path = await realpath(document.uri.fsPath).catch(() => document.uri.fsPath);
  const repository = api.getRepository(vscode.Uri.file(path));
  if (!repository) {
    void vscode.window.showInformationMessage('Balancer Lens: this file is not in a git repository.');
    return;
  }
  // A file HEAD does not have is compared with an empty one: everything in it is new.
  const before = await repository.show('HEAD', path).catch(() => '');
  const answer = await client?.sendRequest<DiffAnswer | null>(DIFF_REQUEST, { uri: document.uri.toString(), before, label: 'HEAD' });
  if (!answer) {
    void vscode.window.showInformationMessage('Balancer Lens: this file is not part of a configuration the server has read.');
    return;
  }
  const name = document.uri.path.slice(document.uri.path.lastIndexOf('/') + 1);
  const report = vscode.Uri.from({ scheme: REPORT_SCHEME, path: `/${name} since HEAD.md`, query: document.uri.toString() });
  reports.set(report, answer.markdown);
  await vscode.commands.executeCommand('markdown.showPreviewToSide', report);
}
