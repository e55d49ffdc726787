# usage: python3 table-learned.py DIR  (DIR = OUT/G of run-learned.sh, or OUT/G or OUT/0 of
# ../judgements-2026-11-27/run-new7.sh): recall@|R| / crawler P / crawler R per topic (each subdirectory of DIR)
import os, re, sys
root = sys.argv[1]
rs, ps, rr = [], [], []
for t in sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d))):
    f = f'{root}/{t}/log.txt'
    if not os.path.exists(f):
        continue
    txt = open(f).read()
    m = re.search(r'^(learned .*)$', txt, re.M)
    if not m:
        print(t, 'no result')
        continue
    # column names are separated by two or more spaces ("crawler P"); values are single words
    hdr = re.split(r'\s{2,}', re.search(r'^(strategy.*)$', txt, re.M).group(1).strip())
    cols = dict(zip(hdr, m.group(1).split()))
    rec = cols[[k for k in hdr if k.startswith('recall@|R|')][0]]
    p, r = cols['crawler P'], cols['crawler R']
    o = re.search(r'Oracle: (\d+) judgements', txt)
    print(f'| {t} | {rec} / {p} / {r} ({o.group(1) if o else 0}) |')
    rs.append(float(rec.rstrip('%'))); ps.append(float(p.rstrip('%'))); rr.append(float(r.rstrip('%')))
print(f'mean recall {sum(rs)/len(rs):.1f}, mean P {sum(ps)/len(ps):.1f}, mean R {sum(rr)/len(rr):.1f}, '
      f'min P {min(ps)}, min R {min(rr)}')
