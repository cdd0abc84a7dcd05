// Harness shim (onag bench/miseresolver, not CGSuite code): the code's text, for MsvLoader.
package org.cgsuite.core.impartial;

public final class TBCode {
    private final String code;

    private TBCode(String code) {
        this.code = code;
    }

    public static TBCode apply(String code) {
        return new TBCode(code);
    }

    @Override
    public String toString() {
        return code;
    }
}
