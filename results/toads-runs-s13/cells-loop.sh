#!/bin/bash
# cells-loop.sh LIMIT [PLAN]: every series of PLAN (default cells-plan.txt: "toads frogs
# cell cell …" a line), one toads_cells process per series ("LIMIT!" stops a series at its
# first board over the limit), each under a 6 GB address-space limit, the TSV lines appended
# to cells-s13.tsv, /usr/bin/time per series to cells-s13.err
while read t f cells; do
  echo "# series T$t F$f $(date +%T)" >> cells-s13.err
  ( ulimit -v 6000000; /usr/bin/time -f "%e s %M KB %U user" nice -n 5 ./toads_cells-65f3752 "$1!" $cells ) >> cells-s13.tsv 2>> cells-s13.err
done < "${2:-cells-plan.txt}"
echo "# done $(date +%T)" >> cells-s13.err
