#!/bin/bash
# cells-loop.sh LIMIT PLAN NAME: every line of PLAN ("toads frogs cell cell …"; a cell is
# t,b,f) runs in one toads_cells process ("LIMIT!" stops a line at its first board over the
# limit, in seconds), under a 11 GB address-space limit (two loops share the 24 GB machine);
# the TSV lines go to NAME.tsv, /usr/bin/time per line to NAME.err. The binary is
# target/release/examples/toads_cells copied here as ./toads_cells (commit in NAME.err).
while read t f cells; do
  echo "# series T$t F$f $(date +%T)" >> "$3.err"
  ( ulimit -v 11500000; /usr/bin/time -f "%e s %M KB %U user" ./toads_cells "$1!" $cells ) >> "$3.tsv" 2>> "$3.err"
done < "$2"
echo "# done $(date +%T)" >> "$3.err"
