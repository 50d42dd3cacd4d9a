/**
 * The deepest a plan may nest: relation nodes and expressions counted
 * together along any path from a flow's query (or an expectation's
 * predicate, or a CDC `deleteWhen`) down to a leaf. Parsing, validation
 * and every backend's compiler walk plans recursively; this bound keeps
 * them far from the JavaScript stack limit: the costliest nodes to check
 * (nested CASE and window calls) overflow a default Node stack from about
 * 450 levels in a fresh process, so 128 leaves a margin of over 3x for
 * callers that are already deep in their own stack. It also stays well
 * under the engines' own limits (DuckDB's max_expression_depth, Spark
 * Connect's proto recursion limit, which counts about two messages per
 * plan node). A deeper query is split into temporary views.
 */
export const MAX_PLAN_DEPTH = 128;

/**
 * The path (relative to `root`) of the first node, in document order, that
 * sits deeper than `limit` plan nodes, or `undefined` when none does. A plan
 * node is any object with a string `kind`. Works on unchecked input (a parsed
 * JSON document, an in-memory object graph that shares or even cycles back to
 * its nodes) and never recurses, so any depth is measured without touching the
 * stack: heights are computed bottom-up with an explicit stack, then the first
 * too-deep path is followed down from the root.
 */
export function firstTooDeepPath(root: unknown, limit: number): PropertyKey[] | undefined {
  if (!isContainer(root)) return undefined;
  const heights = planHeights(root);
  if (heightOf(heights, root) <= limit) return undefined;
  const path: PropertyKey[] = [];
  // Guards a cycle through objects that are not plan nodes, where depth stops growing.
  const seenAtDepth = new Map<object, number>();
  let node: object = root;
  let above = 0;
  for (;;) {
    const depth = above + (isPlanNode(node) ? 1 : 0);
    if (depth > limit || seenAtDepth.get(node) === depth) return path;
    seenAtDepth.set(node, depth);
    const next = children(node).find(([, child]) => depth + heightOf(heights, child) > limit);
    if (next === undefined) return path;
    path.push(next[0]);
    node = next[1];
    above = depth;
  }
}

type Child = readonly [PropertyKey, object];

interface Frame {
  readonly node: object;
  readonly children: readonly Child[];
  next: number;
  tallest: number;
}

/** Plan-node height of every object and array reachable from `root` (Infinity on a cycle). */
function planHeights(root: object): Map<object, number> {
  const heights = new Map<object, number>();
  const onPath = new Set<object>();
  const stack: Frame[] = [];
  const enter = (node: object): void => {
    onPath.add(node);
    stack.push({ node, children: children(node), next: 0, tallest: 0 });
  };
  enter(root);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    const child = frame.children[frame.next];
    if (child !== undefined) {
      frame.next += 1;
      const known = heights.get(child[1]);
      if (known !== undefined) frame.tallest = Math.max(frame.tallest, known);
      else if (onPath.has(child[1])) frame.tallest = Number.POSITIVE_INFINITY;
      else enter(child[1]);
      continue;
    }
    stack.pop();
    onPath.delete(frame.node);
    const height = frame.tallest + (isPlanNode(frame.node) ? 1 : 0);
    heights.set(frame.node, height);
    const parent = stack[stack.length - 1];
    if (parent !== undefined) parent.tallest = Math.max(parent.tallest, height);
  }
  return heights;
}

function heightOf(heights: ReadonlyMap<object, number>, node: object): number {
  return heights.get(node) ?? 0;
}

/** The object and array values directly inside `node`, with their keys, in order. */
function children(node: object): Child[] {
  const out: Child[] = [];
  if (Array.isArray(node)) {
    node.forEach((value: unknown, i) => {
      if (isContainer(value)) out.push([i, value]);
    });
    return out;
  }
  const record = node as Readonly<Record<string, unknown>>;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (isContainer(value)) out.push([key, value]);
  }
  return out;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function isPlanNode(value: object): boolean {
  return !Array.isArray(value) && typeof (value as { readonly kind?: unknown }).kind === 'string';
}
