# recall@|R|, @2|R| and @3|R| (capped at 500 pages) of each labelled topic, from the trace-learned.tsv files of
# simulated suite runs with --pages 500 (one column group per run directory given).
# usage: python3 recall-at-k-r.py DIR [DIR ...]
import csv,sys,os
R={'py-text-en':9,'py-concurrency-en':11,'pg-textsearch-en':12,'pg-replication-en':23,'py-networking-en':47,'pg-plang-en':61,'pg-libpq-en':64,'lo-math-en':81,'lo-base-en':85,'pg-catalogs-en':168,'lo-impress-en':246,'lo-writer-en':406,'lo-basic-en':420,'lo-calc-en':480,'lo-calc-zh':480,'lo-writer-zh':406}
dirs=sys.argv[1:]
ks=[1,2,3]
tot={d:[0]*len(ks) for d in dirs}
for t,r in sorted(R.items()):
    line=t.ljust(18)
    for d in dirs:
        labels=[int(row['label']) for row in csv.DictReader(open(f'{d}/{t}/trace-learned.tsv'),delimiter='\t')]
        vals=[]
        for i,k in enumerate(ks):
            n=min(500,k*r); v=100*sum(labels[:n])/r; vals.append(v); tot[d][i]+=v/len(R)
        line+='  '+' '.join(f'{v:5.1f}' for v in vals)
    print(line)
print('mean'.ljust(18)+''.join('  '+' '.join(f'{v:5.1f}' for v in tot[d]) for d in dirs))
