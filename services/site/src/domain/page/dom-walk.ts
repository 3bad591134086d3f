// Walks of a parsed document in one pass. cheerio's `.find` on an element is avoided on pages a site controls:
// css-select prepares such a context by removing nested elements from the element's children pairwise, quadratic in
// their number (a body of 21,000 sibling <p>, 64 KiB of HTML, took 1.4 s per call and a 128 KiB page 25 s of the
// event loop in all). Selections from the document's root and these walks are linear.

/** The fields of a domhandler node read here (domhandler itself is not a direct dependency). */
export interface DomNode { type: string, name?: string, data?: string, children?: DomNode[] }

/** The nodes under `root` in document order, `root` first, without the subtrees of the elements `skip` names. */
export function * nodesUnder (root: DomNode, skip?: (element: DomNode) => boolean): Generator<DomNode> {
  // an explicit stack: a page's nesting is the page's to choose, and no call stack may follow it
  const stack: DomNode[] = [root]
  while (stack.length > 0) {
    const node = stack.pop() as DomNode
    if (node !== root && node.type === 'tag' && skip?.(node) === true) continue
    yield node
    const children = node.children ?? []
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i])
  }
}

/** The text of the nodes under `root`, as cheerio's `.text()` joins it, without the subtrees `skip` names. */
export function textUnder (root: DomNode, skip?: (element: DomNode) => boolean): string {
  const parts: string[] = []
  for (const node of nodesUnder(root, skip)) if (node.type === 'text') parts.push(node.data ?? '')
  return parts.join('')
}
