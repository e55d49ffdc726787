#!/bin/bash
# mean recall@|R| of learned, and mean ratio to reachable, from a sim table
for f in "$@"; do
awk -v f=$f '$2=="learned"{r=$5; gsub(/[()%]/,"",r); v=$6; gsub(/%/,"",v); s+=v; q+=v/r; n++; if (v/r>=0.8) ok++} END{printf "%s: mean %.1f%%  mean rec/reach %.3f  topics meeting 0.8: %d/%d\n", f, s/n, q/n, ok, n}' $f/table.txt
done
