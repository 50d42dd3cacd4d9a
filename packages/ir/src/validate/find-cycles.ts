/**
 * Elementary cycles of a directed graph, one per strongly connected
 * component (Tarjan), each as the node sequence around it. Enough to name
 * every cycle a user must break.
 */
export function findCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;

  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    const selfLoop = component.length === 1 && (edges.get(node)?.has(node) ?? false);
    if (component.length > 1 || selfLoop) cycles.push(pathThrough(new Set(component), node, edges));
  };

  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node);
  return cycles;
}

/** A closed walk inside one component, starting and ending at `start`. */
function pathThrough(component: ReadonlySet<string>, start: string, edges: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  // Breadth-first search back to start gives the shortest cycle through it.
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of edges.get(node) ?? []) {
      if (!component.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at) as string) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
