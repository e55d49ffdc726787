import sys
em=[];ac=[]
for line in open(sys.argv[1]):
    if line.startswith("TRACEB") and " spout " in line:
        p=line.split(); (em if p[3]=="emit" else ac).append(int(p[1]))
ac.sort(); em.sort()
n=min(246,len(ac))
# steady: from 20th ack to nth ack
print("acks",len(ac),"rate first emit->%dth ack %.1f p/s, steady(20..%d) %.1f p/s"%(n, n/((ac[n-1]-em[0])/1000), n, (n-20)/((ac[n-1]-ac[19])/1000)))
