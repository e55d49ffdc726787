import sys,re,os,random,html
from collections import Counter
root=sys.argv[1]
files=[os.path.join(d,f) for d,_,fs in os.walk(root) for f in fs if f.endswith(('.html','.htm','.xhp'))]
random.seed(1); random.shuffle(files)
tot=wt=notin=0; ex=Counter()
for f in files[:400]:
    s=open(f,errors='replace').read()
    for m in re.finditer(r'<a\s([^>]*)>(.*?)</a>',s,re.S):
        attrs,txt=m.group(1),re.sub(r'<[^>]+>','',m.group(2))
        txt=html.unescape(' '.join(txt.split()))
        tot+=1
        t=re.search(r'title="([^"]*)"',attrs)
        if t:
            wt+=1; tt=html.unescape(' '.join(t.group(1).split()))
            if tt.lower() not in txt.lower():
                notin+=1; ex[(txt[:40],tt[:60])]+=1
print(root,len(files),'links',tot,'with title',wt,'title not in text',notin)
for k,v in ex.most_common(25): print(v,k)
