import sys,collections,statistics
ev=collections.defaultdict(dict)
for line in open(sys.argv[1]):
    if not line.startswith("TRACEB"): continue
    p=line.split()
    if len(p)<5 or p[4]=="?": continue
    t=int(p[1])
    if p[2]=="spout": kind="emit" if p[3]=="emit" else "ack"; url=p[4]
    else:
        kind=p[2]; url=p[4]
        if kind=="StatusUpdaterBolt": kind="status"
    ev[url].setdefault(kind,t)
stages=["emit","ParseBolt","RelevanceBolt","RelevanceOut","IndexerBolt","IndexerOut","LinkPriorityBolt","LinksOut","status","ack"]
rows=[d for d in ev.values() if all(s in d for s in stages)]
print("complete urls",len(rows))
for a,b in zip(stages,stages[1:]):
    xs=sorted(d[b]-d[a] for d in rows)
    print("%-18s -> %-18s p50 %5d  p90 %5d  mean %6.1f"%(a,b,xs[len(xs)//2],xs[int(len(xs)*.9)],statistics.mean(xs)))
xs=sorted(d["ack"]-d["emit"] for d in rows); print("emit->ack p50",xs[len(xs)//2],"p90",xs[int(len(xs)*.9)], "mean %.1f"%statistics.mean(xs))
