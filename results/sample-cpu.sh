#!/bin/bash
# Logs the sweep's CPU seconds (utime stime) and checkpoint column every 15 s until it exits.
# Usage: results/sample-cpu.sh PID CHECKPOINT LOG  (columns: time, utime, stime, checkpoint
# base and current column, load averages)
PID=${1:?pid of the run}
while [ -d /proc/$PID ]; do
  t=$(awk '{print $14/100, $15/100}' /proc/$PID/stat 2>/dev/null)
  c=$(grep -o "\"column\":[0-9]*" ${2:?its checkpoint} 2>/dev/null | tr "\n" " ")
  echo "$(date -u +%H:%M:%S) cpu $t $c $(cut -d' ' -f1-3 /proc/loadavg)" >> "${3:?log file}"
  sleep 15
done
echo "$(date -u +%H:%M:%S) exited" >> "${3:?log file}"
