// Harness shim (onag bench/miseresolver, not CGSuite code): an octal (take-and-break) code
// d0.d1d2d3... as in Winning Ways ch. 4 / Siegel, Combinatorial Game Theory IV.2. Digit d_k
// (k >= 1) allows removing k tokens and leaving 0 heaps (bit 1), 1 nonempty heap (bit 2) or 2
// nonempty heaps (bit 4); d0's bit 4 allows splitting a heap into two nonempty heaps.
package org.cgsuite.core.impartial;

import java.util.ArrayList;
import java.util.List;

public final class TakeAndBreak extends HeapRuleset {
    private final String code;
    private final int[] digits; // digits[k] = d_k

    private TakeAndBreak(String code, int[] digits) {
        this.code = code;
        this.digits = digits;
    }

    public static TakeAndBreak apply(String code) {
        int dot = code.indexOf('.');
        if (dot < 0) throw new IllegalArgumentException("not an octal code: " + code);
        String whole = code.substring(0, dot);
        String frac = code.substring(dot + 1);
        int[] digits = new int[frac.length() + 1];
        digits[0] = whole.isEmpty() ? 0 : Integer.parseInt(whole, 8);
        for (int k = 0; k < frac.length(); k++) {
            int d = Character.digit(frac.charAt(k), 8);
            if (d < 0) throw new IllegalArgumentException("not an octal code: " + code);
            digits[k + 1] = d;
        }
        if (digits[0] > 7 || (digits[0] & 3) != 0)
            throw new IllegalArgumentException("unsupported digit before the point: " + code);
        return new TakeAndBreak(code, digits);
    }

    public TBCode tbCode() {
        return TBCode.apply(code);
    }

    @Override
    public List<int[]> heapOptionsAsArrays(int n) {
        List<int[]> out = new ArrayList<>();
        for (int k = 0; k < digits.length && k <= n; k++) {
            int d = digits[k];
            int rest = n - k;
            if (k > 0 && (d & 1) != 0 && rest == 0) out.add(new int[0]);
            if (k > 0 && (d & 2) != 0 && rest >= 1) out.add(new int[] {rest});
            if ((d & 4) != 0) {
                for (int a = 1; a <= rest - a; a++) out.add(new int[] {a, rest - a});
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return code;
    }
}
