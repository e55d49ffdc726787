#!/bin/bash
for run in 3 4; do
  echo "$(date +%T) B $run" >> /work/diag/minex/progress.log
  /work/diag/minex/arm.sh /work/wt/old /work/diag/minex/B$run --set links.learned.min-examples=20
  echo "$(date +%T) A $run" >> /work/diag/minex/progress.log
  /work/diag/minex/arm.sh /work/wt/old /work/diag/minex/A$run
done
echo "$(date +%T) done2" >> /work/diag/minex/progress.log
