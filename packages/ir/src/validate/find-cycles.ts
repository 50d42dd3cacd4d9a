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

  // Iterative Tarjan: an explicit stack of frames instead of recursion, so a
  // chain of any length cannot overflow the call stack.
  interface Frame {
    readonly node: string;
    readonly successors: readonly string[];
    next: number;
  }
  const frames: Frame[] = [];
  const open = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    frames.push({ node, successors: [...(edges.get(node) ?? [])], next: 0 });
  };
  const lower = (node: string, value: number): void => {
    low.set(node, Math.min(low.get(node) as number, value));
  };
  const close = (node: string): void => {
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

  for (const root of [...edges.keys()].sort()) {
    if (index.has(root)) continue;
    open(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as Frame;
      const next = frame.successors[frame.next];
      if (next !== undefined) {
        frame.next += 1;
        if (!index.has(next)) open(next);
        else if (onStack.has(next)) lower(frame.node, index.get(next) as number);
        continue;
      }
      frames.pop();
      close(frame.node);
      const parent = frames[frames.length - 1];
      if (parent !== undefined) lower(parent.node, low.get(frame.node) as number);
    }
  }
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
