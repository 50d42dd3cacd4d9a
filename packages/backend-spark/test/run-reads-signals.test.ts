import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Spark tells a run what happened only in text (SDP events, error messages). src/signals/ reads that text
// and hands src/run/ typed signals; these tests keep every reading of it there.
const src = join(import.meta.dirname, '..', 'src');
const runFiles = (readdirSync(join(src, 'run'), { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => join(src, 'run', f));

function sourceOf(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

function descendants(root: ts.Node): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    found.push(node);
    node.forEachChild(visit);
  };
  visit(root);
  return found;
}

/** Module-level names bound to a regular expression (`const MARKER = /…/`). */
function regexConstants(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (ts.isIdentifier(declaration.name) && init !== undefined && descendants(init).some(isRegex)) names.add(declaration.name.text);
    }
  }
  return names;
}

function isRegex(node: ts.Node): boolean {
  return ts.isRegularExpressionLiteral(node) || (ts.isIdentifier(node) && node.text === 'RegExp');
}

const MATCHING_METHODS = new Set(['exec', 'test', 'match', 'matchAll', 'search']);

/** How `root` reads text: regular expressions (literal, RegExp, or a module constant holding one), their matching methods, `rawMessage`. */
function textReadings(source: ts.SourceFile, root: ts.Node, regexNames: ReadonlySet<string> = new Set()): string[] {
  return descendants(root).flatMap((node) => {
    const at = `${relative(src, source.fileName)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
    if (isRegex(node)) return [`${at} ${node.getText(source)}`];
    if ((ts.isIdentifier(node) || ts.isStringLiteral(node)) && node.text === 'rawMessage') return [`${at} rawMessage`];
    if (ts.isIdentifier(node) && regexNames.has(node.text) && !ts.isVariableDeclaration(node.parent)) return [`${at} ${node.text}`];
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && MATCHING_METHODS.has(node.expression.name.text)) {
      return [`${at} .${node.expression.name.text}(…)`];
    }
    return [];
  });
}

/** The top-level function `name` of a file, if it is one (declared, or a const bound to an arrow or function expression). */
function functionNamed(source: ts.SourceFile, name: string): ts.SignatureDeclaration | undefined {
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return statement;
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name && init !== undefined && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) return init;
    }
  }
  return undefined;
}

/** `file`'s imports from src/lower/: each imported name with the file that declares it. */
function lowerImports(file: string): { readonly name: string; readonly from: string }[] {
  return sourceOf(file).statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) return [];
    const from = resolve(dirname(file), statement.moduleSpecifier.text.replace(/\.js$/, '.ts'));
    const bindings = statement.importClause?.namedBindings;
    if (!from.startsWith(join(src, 'lower')) || bindings === undefined || !ts.isNamedImports(bindings)) return [];
    return bindings.elements.map((element) => ({ name: (element.propertyName ?? element.name).text, from }));
  });
}

describe('src/run/ learns what Spark said from src/signals/ only', () => {
  it('run/ holds no regular expression, no matching call and no rawMessage', () => {
    expect(runFiles.length).toBeGreaterThan(10);
    expect(runFiles.flatMap((file) => {
      const source = sourceOf(file);
      return textReadings(source, source);
    })).toEqual([]);
  });

  it('run/ imports no parser from lower/: no function of a string that reads it with a regular expression', () => {
    const parsers = runFiles.flatMap((file) => lowerImports(file).flatMap(({ name, from }) => {
      const source = sourceOf(from);
      const declaration = functionNamed(source, name);
      const takesText = declaration?.parameters.some((p) => p.type?.kind === ts.SyntaxKind.StringKeyword) === true;
      if (declaration === undefined || !takesText) return [];
      const readings = textReadings(source, declaration, regexConstants(source));
      return readings.length === 0 ? [] : [`${relative(src, file)} imports ${name}: ${readings.join(', ')}`];
    }));
    expect(parsers).toEqual([]);
  });
});
