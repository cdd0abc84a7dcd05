// Harness shim (onag bench/miseresolver, not CGSuite code): the one face of CGSuite's Scala
// `HeapRuleset` that MisereSolver uses — the options of a heap, each a list of heap sizes.
package org.cgsuite.core.impartial;

import java.util.List;

public abstract class HeapRuleset {
    /** The options of a heap of `heapSize` tokens; each option lists the heaps left. */
    public abstract List<int[]> heapOptionsAsArrays(int heapSize);
}
