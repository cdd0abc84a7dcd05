// Harness shim (onag bench/miseresolver, not CGSuite code): CGSuite declares this exception in
// CommandLineInterface.java, which the harness does not build (it needs CGScript).
package org.cgsuite.core.misere.solver;

class TimeoutException extends RuntimeException {
}
