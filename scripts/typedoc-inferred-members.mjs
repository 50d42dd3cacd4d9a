// A TypeDoc plugin for `pnpm docs` (see typedoc.config.mjs).
//
// A documented `const` initialised with an object literal (a data table such as
// RELATION_FIELDS) gets an inferred type, and TypeDoc would require a doc comment on
// every property of that type, at every depth: the rows and cells of the table.
// Those properties are described by the constant's own doc and by the interface the
// table satisfies, so this plugin points each undocumented one at its constant.
// Methods and functions in such an object (e.g. `AliasNode.create`) still need their
// own doc comment, as does the constant itself.
import { Comment, Converter, ReflectionKind, ReflectionType } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const variable of context.project.getReflectionsByKind(ReflectionKind.Variable)) {
      if (!variable.hasComment() || !(variable.type instanceof ReflectionType)) continue;
      describeProperties(variable.type.declaration, variable.name);
    }
  });
}

/**
 * @param {import('typedoc').DeclarationReflection} declaration
 * @param {string} owner
 */
function describeProperties(declaration, owner) {
  for (const child of declaration.children ?? []) {
    if (!child.kindOf(ReflectionKind.Property)) continue;
    if (!child.hasComment()) child.comment = new Comment([{ kind: 'text', text: 'An entry of ' }, { kind: 'code', text: `\`${owner}\`` }, { kind: 'text', text: '.' }]);
    for (const literal of objectTypesIn(child.type)) describeProperties(literal.declaration, owner);
  }
}

/** The object-literal types in a type, through arrays, tuples, `readonly` and unions. */
function objectTypesIn(type) {
  if (type === undefined) return [];
  if (type instanceof ReflectionType) return [type];
  switch (type.type) {
    case 'array': return objectTypesIn(type.elementType);
    case 'tuple': return type.elements.flatMap(objectTypesIn);
    case 'typeOperator': return objectTypesIn(type.target);
    case 'union': case 'intersection': return type.types.flatMap(objectTypesIn);
    default: return [];
  }
}
