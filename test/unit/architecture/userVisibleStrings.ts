// Finds the string literals a user would read that do not go through localisation (`t(...)` in the webview,
// `vscode.l10n.t(...)` in the host), by the TypeScript syntax tree: literals that read as prose (a capital
// followed by lower case, words with punctuation), and any text in a place a user reads (a `text`, `title`,
// `label`, `placeholder`, `aria-label` or `alt`, a label table, `setText`/`setTitle`, a button's label).
// Places that are not for the user are skipped: imports, literal types, property names, comparisons and
// `case`s (key names, kinds), class lists and selectors, developer diagnostics (console, recordError,
// thrown errors, guarded() part names). Used by l10nStrings.test.ts.
import ts from 'typescript';

/** Keyboard keys as VS Code shows them on its own key caps (not translated there either). */
const KEY_NAMES = new Set([
  'Enter',
  'Escape',
  'Esc',
  'Tab',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Shift+Enter',
]);
/** Calls whose string arguments are not for the user (DOM plumbing, diagnostics) or already localised (`t`). */
const SKIP_CALLS = new Set([
  'querySelector',
  'querySelectorAll',
  'closest',
  'matches',
  'add',
  'remove',
  'toggle',
  'contains',
  'getAttribute',
  'removeAttribute',
  'hasAttribute',
  'getPropertyValue',
  'setProperty',
  'addEventListener',
  'removeEventListener',
  'createElement',
  'recordError',
  'error',
  'warn',
  'log',
  'debug',
  'info',
  'trace',
  'appendLine',
  'append', // log sinks (LogSink.append); DOM append takes nodes
  't',
  'Error',
  'TypeError',
  'RangeError',
  'AggregateError',
  'startsWith',
  'endsWith',
  'includes',
  'split',
  'join',
  'replace',
  'test',
  'match',
  'postMessage',
  'requireString',
  'guarded',
  'executeCommand',
  'registerCommand',
  'get',
  'getConfiguration',
  'affectsConfiguration',
  'ThemeColor',
  'RequestFailure',
  'offScreen', // webview/render/markdown/markdownWarmUp.ts: a sample rendered once off screen, never shown
]);
const NOT_FOR_USER_PROPS = new Set([
  'class',
  'className',
  'id',
  'kind',
  'type',
  'role',
  'key',
  'state',
  'level',
  'command',
]);
const UI_PROPS = new Set([
  'text',
  'title',
  'placeholder',
  'placeHolder',
  'prompt',
  'label',
  'description',
  'detail',
  'tooltip',
  'aria-label',
  'alt',
  'textContent',
  'innerText',
  'verb',
  'explanation',
]);
const UI_CALLS = new Set(['setText', 'setTitle', 'button']);
const HOST_MESSAGE_CALLS = new Set(['showInformationMessage', 'showWarningMessage', 'showErrorMessage']);

function calleeName(call: ts.CallExpression | ts.NewExpression): string {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return '';
}

function nameOf(node: ts.Node): string {
  return ts.isIdentifier(node) || ts.isStringLiteral(node) ? node.text : '';
}

/** Reads as words for a person rather than an identifier, class list, selector, key name or data URL. */
export function readsAsProse(text: string): boolean {
  if (!/[A-Za-z]{2,}/.test(text) || KEY_NAMES.has(text)) return false;
  if (text.startsWith('[switchboard] ')) return false; // a line of the agent log (English, for bug reports)
  if (/^--|^data:|^\d+px/.test(text)) return false;
  if (/^[a-z][a-zA-Z0-9]*$/.test(text) || /^[a-z0-9_-]+$/.test(text)) return false;
  if (/^[a-z]+\/[\w.+-]+/.test(text)) return false; // a mime type
  if (/^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)+\.?(\{\}|\[)?$/.test(text)) return false; // a command, setting, context or storage key (or its prefix, or its entry's)
  if (/^[a-z]+:\S*$/.test(text)) return false; // a URI's scheme or query key
  if (/^[a-z0-9_-]+( [a-z0-9_-]+)+$/.test(text) && text.includes('-')) return false; // a class list
  if (/^[[\].#:>*="'a-z0-9 _(),-]+$/.test(text) && /[[\].#=]/.test(text) && !/ [a-z]{2,} [a-z]{2,} /.test(text))
    return false; // a selector
  return /[A-Z][a-z]|[a-z]{2,}[ :,.]/.test(text);
}

function uiPosition(node: ts.Node): boolean {
  const p = node.parent;
  if (ts.isPropertyAssignment(p) && p.initializer === node) {
    if (UI_PROPS.has(nameOf(p.name))) return true;
    const table = p.parent.parent;
    if (ts.isVariableDeclaration(table) && /LABEL|TEXT|TITLE/.test(nameOf(table.name))) return true;
  }
  if (ts.isBinaryExpression(p) && p.right === node && p.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
    if (ts.isPropertyAccessExpression(p.left) && UI_PROPS.has(p.left.name.text)) return true;
  }
  if (ts.isCallExpression(p)) {
    const callee = calleeName(p);
    const i = p.arguments.indexOf(node as ts.Expression);
    if (UI_CALLS.has(callee) && i === (callee === 'button' ? 0 : 1)) return true;
    if (HOST_MESSAGE_CALLS.has(callee) && i === 0) return true;
    const attribute = p.arguments[0];
    if (callee === 'setAttribute' && i === 1 && attribute && ts.isStringLiteral(attribute))
      return UI_PROPS.has(attribute.text);
  }
  return false;
}

function notForUser(node: ts.Node): boolean {
  const p = node.parent;
  if (ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || ts.isLiteralTypeNode(p)) return true;
  if (ts.isExternalModuleReference(p)) return true;
  if (ts.isPropertyAssignment(p) && p.name === node) return true;
  if (ts.isPropertyAssignment(p) && NOT_FOR_USER_PROPS.has(nameOf(p.name))) return true;
  if (ts.isElementAccessExpression(p) && p.argumentExpression === node) return true;
  if (ts.isBinaryExpression(p)) {
    const op = p.operatorToken.kind;
    if (op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsEqualsToken) return true;
    if (op === ts.SyntaxKind.InKeyword) return true;
    if (op === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(p.left) && p.left.name.text === 'className')
      return true;
  }
  if (ts.isCaseClause(p)) return true;
  if ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.arguments?.includes(node as ts.Expression)) {
    // button(label, classes, ...): the second argument is a class list.
    if (calleeName(p) === 'button' && p.arguments.indexOf(node as ts.Expression) === 1) return true;
    return SKIP_CALLS.has(calleeName(p));
  }
  return false;
}

export interface FoundString {
  line: number;
  text: string;
}

/** The user-visible literals of one source file that are not localised (template parts joined by `{}`). */
export function unlocalisedStrings(fileName: string, source: string): FoundString[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: FoundString[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const visible = readsAsProse(node.text) || (/[A-Za-z]{2,}/.test(node.text) && uiPosition(node));
      if (visible && !notForUser(node)) report(node, node.text);
      return;
    }
    if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      const wordy = (part: string) =>
        /(^|[ ,(])[a-z]{3,}/.test(part) && !/^[a-z0-9_-]+:?$/.test(part) && !/^[a-z]+(\.[a-zA-Z0-9]+)+\.?$/.test(part); // not a key prefix
      const logLine = parts[0]!.startsWith('[switchboard] ');
      const visible =
        !logLine &&
        (parts.some(readsAsProse) ||
          parts.some(wordy) ||
          (parts.some((part) => /[A-Za-z]{2,}/.test(part)) && uiPosition(node)));
      if (visible && !notForUser(node)) report(node, parts.join('{}'));
      node.templateSpans.forEach((span) => visit(span.expression));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The first arguments of every `t('...')` / `l10n.t('...')` call; a non-literal first argument is reported. */
export function localisedMessages(fileName: string, source: string): { messages: string[]; dynamic: number[] } {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const messages: string[] = [];
  const dynamic: number[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && calleeName(node) === 't') {
      const e = node.expression;
      const isL10n =
        ts.isIdentifier(e) ||
        (ts.isPropertyAccessExpression(e) &&
          ((ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === 'l10n') ||
            (ts.isIdentifier(e.expression) && e.expression.text === 'l10n')));
      const first = node.arguments[0];
      if (isL10n && first) {
        if (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)) messages.push(first.text);
        else dynamic.push(file.getLineAndCharacterOfPosition(node.getStart()).line + 1);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { messages, dynamic };
}

/**
 * Lines of `t(...)` calls evaluated when the module loads (outside any function): in the extension host they run
 * before activation installs the display language's strings, so they would stay English.
 */
export function moduleLevelTranslations(fileName: string, source: string): number[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const visit = (node: ts.Node, inFunction: boolean): void => {
    if (ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node)) inFunction = true;
    // An instance field's initializer runs when an object is made, not when the module loads.
    if (ts.isPropertyDeclaration(node) && !node.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword))
      inFunction = true;
    if (!inFunction && ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 't')
      lines.push(file.getLineAndCharacterOfPosition(node.getStart()).line + 1);
    ts.forEachChild(node, (child) => visit(child, inFunction));
  };
  visit(file, false);
  return lines;
}
