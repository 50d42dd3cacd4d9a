#!/usr/bin/env node
// Fails when an exported declaration of a package's public entry has no doc comment.
// For each entry file (default: every packages/*/src/index.ts) it walks the module's
// exports with the TypeScript compiler, resolves re-exports to their declarations and
// requires a TSDoc comment on each one, and on the public members of its classes,
// interfaces, enums and object-literal type aliases (a member may inherit its doc
// from the class or interface it overrides or implements). `pnpm docs` (TypeDoc's
// validation.notDocumented) enforces the same, deeper; this check runs in `pnpm test`.
//
// Usage: node scripts/check-tsdoc.mjs [--json] [entry.ts ...]
// Prints one `file:line  name (kind)` line per missing doc and exits 1 if there is any.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(fileURLToPath(import.meta.url), '..', '..');

/** Every package's public entry: packages/NAME/src/index.ts. */
function packageEntries() {
  const dir = join(root, 'packages');
  return readdirSync(dir)
    .map((name) => join(dir, name, 'src', 'index.ts'))
    .filter((file) => existsSync(file))
    .sort();
}

/** The repository's shared compiler options (module resolution with the "thund-source" condition). */
function compilerOptions() {
  const configFile = join(root, 'tsconfig.base.json');
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent({ ...config, files: [] }, ts.sys, root, undefined, configFile);
  return { ...parsed.options, noEmit: true, declaration: false, declarationMap: false, sourceMap: false };
}

/** Whether `node` carries a `/** … *\/` comment with some text or a tag. */
function hasDocComment(node) {
  return ts.getJSDocCommentsAndTags(node).some((doc) => ts.isJSDoc(doc) && (textOf(doc.comment) !== '' || (doc.tags?.length ?? 0) > 0));
}

function textOf(comment) {
  if (comment === undefined) return '';
  return (typeof comment === 'string' ? comment : comment.map((part) => part.text).join('')).trim();
}

function kindName(node) {
  return ts.SyntaxKind[node.kind].replace(/Declaration$|Signature$/, '');
}

function isPrivateMember(member) {
  const flags = ts.getCombinedModifierFlags(member);
  return (flags & ts.ModifierFlags.Private) !== 0 || (member.name !== undefined && ts.isPrivateIdentifier(member.name));
}

/** Object-literal types an alias spells directly, or as a member of a top-level union or intersection. */
function typeLiterals(typeNode) {
  if (ts.isTypeLiteralNode(typeNode)) return [typeNode];
  if (ts.isUnionTypeNode(typeNode) || ts.isIntersectionTypeNode(typeNode)) return typeNode.types.flatMap(typeLiterals);
  if (ts.isParenthesizedTypeNode(typeNode)) return typeLiterals(typeNode.type);
  return [];
}

/**
 * The exported declarations (and their public members) without a doc comment,
 * for each entry file, as `{ file, line, name, kind }` sorted by file and line.
 */
export function findUndocumented(entries = packageEntries()) {
  const program = ts.createProgram(entries.map((file) => resolve(file)), compilerOptions());
  const checker = program.getTypeChecker();
  const missing = new Map();
  const seen = new Set();

  const report = (node, name) => {
    const sourceFile = node.getSourceFile();
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    const file = relative(root, sourceFile.fileName);
    missing.set(`${file}:${line}:${name}`, { file, line: line + 1, name, kind: kindName(node) });
  };

  const memberDocumented = (member) => {
    if (hasDocComment(member)) return true;
    // Overrides and implementations inherit the doc of the member they stand for.
    const symbol = member.name === undefined ? undefined : checker.getSymbolAtLocation(member.name);
    return symbol?.getDocumentationComment(checker).some((part) => part.text.trim() !== '') ?? false;
  };

  const checkMembers = (owner, members) => {
    for (const member of members) {
      if (ts.isConstructorDeclaration(member) || ts.isClassStaticBlockDeclaration(member) || ts.isIndexSignatureDeclaration(member) || ts.isSemicolonClassElement(member)) continue;
      if (isPrivateMember(member)) continue;
      if (!memberDocumented(member)) report(member, `${owner}.${member.name?.getText() ?? '?'}`);
    }
  };

  const checkDeclaration = (declaration, name) => {
    if (seen.has(declaration)) return;
    seen.add(declaration);
    if (declaration.getSourceFile().isDeclarationFile && declaration.getSourceFile().fileName.includes('/node_modules/')) return;
    // An overloaded function's implementation signature is not part of its API.
    if (ts.isFunctionDeclaration(declaration) && declaration.body !== undefined && declaration.name !== undefined) {
      const overloads = checker.getSymbolAtLocation(declaration.name)?.declarations?.filter(ts.isFunctionDeclaration) ?? [];
      if (overloads.length > 1) return;
    }
    if (!hasDocComment(declaration)) report(declaration, name);
    if (ts.isClassDeclaration(declaration) || ts.isInterfaceDeclaration(declaration) || ts.isEnumDeclaration(declaration)) checkMembers(name, declaration.members);
    if (ts.isTypeAliasDeclaration(declaration)) for (const literal of typeLiterals(declaration.type)) checkMembers(name, literal.members);
  };

  for (const entry of entries) {
    const sourceFile = program.getSourceFile(resolve(entry));
    if (sourceFile === undefined) throw new Error(`check-tsdoc: cannot read ${entry}`);
    const moduleSymbol = checker.getSymbolAtLocation(sourceFile);
    if (moduleSymbol === undefined) continue;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      for (const declaration of symbol.declarations ?? []) checkDeclaration(declaration, exported.name);
    }
  }
  return [...missing.values()].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const entries = args.filter((arg) => arg !== '--json');
  const missing = findUndocumented(entries.length > 0 ? entries : undefined);
  if (json) {
    process.stdout.write(`${JSON.stringify(missing, null, 2)}\n`);
  } else {
    for (const item of missing) process.stdout.write(`${item.file}:${item.line}  ${item.name} (${item.kind})\n`);
    process.stdout.write(missing.length === 0 ? 'check-tsdoc: every exported declaration has a doc comment\n' : `check-tsdoc: ${missing.length} exported declaration(s) without a doc comment\n`);
  }
  process.exitCode = missing.length === 0 ? 0 : 1;
}
