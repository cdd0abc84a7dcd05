// Harness driver (onag bench/miseresolver, not CGSuite code): runs MisereSolver heap by heap, as
// CGSuite's CommandLineInterface does (without its periodicity stop), and prints, after each heap
// n, the order of Q_n, the size of its P-portion and the seconds since the start.
//
// usage: java -cp CLASSES org.cgsuite.core.misere.solver.Bench CODE MAX_HEAP [PRESENTATION_AT...]
package org.cgsuite.core.misere.solver;

import java.util.HashSet;
import java.util.Set;
import org.cgsuite.core.impartial.TakeAndBreak;

public final class Bench {
    public static void main(String[] args) {
        String code = args[0];
        int maxHeap = Integer.parseInt(args[1]);
        Set<Integer> show = new HashSet<>();
        for (int i = 2; i < args.length; i++) show.add(Integer.parseInt(args[i]));
        MisereSolver ms = new MisereSolver(TakeAndBreak.apply(code));
        long start = System.nanoTime();
        // MisereSolver prints its own progress (System.out) inside next(); keep ours on stderr
        // in a fixed format the harness reads.
        while (ms.currentPretension().getPrefn().size() <= maxHeap) {
            int heap = ms.currentPretension().getPrefn().size();
            ms.next();
            BipartiteMonoid q = ms.currentPretension().getQuotient();
            System.err.printf("heap %d: |Q| = %d, |P| = %d (%.2f s)%n", heap, q.size(), q.pPortionSize(),
                    (System.nanoTime() - start) / 1e9);
            if (show.contains(heap)) System.err.println(ms.currentPretension());
        }
    }
}
