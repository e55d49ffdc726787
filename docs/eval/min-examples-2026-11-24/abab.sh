#!/bin/bash
for run in 1 2; do
  echo "$(date +%T) A $run" >> /work/diag/minex/progress.log
  /work/diag/minex/arm.sh /work/wt/old /work/diag/minex/A$run
  echo "$(date +%T) B $run" >> /work/diag/minex/progress.log
  /work/diag/minex/arm.sh /work/wt/old /work/diag/minex/B$run --set links.learned.min-examples=20
done
echo "$(date +%T) done" >> /work/diag/minex/progress.log
