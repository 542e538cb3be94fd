from mrg import *
get=load('mrg32k3a')
def state_sub(seed,t):
    s1,s2=init(seed)
    # J^t via binary powering
    P1=[[1,0,0],[0,1,0],[0,0,1]]; P2=[r[:] for r in P1]; B1=J1; B2=J2; k=t
    while k:
        if k&1: P1=mm(B1,P1,m1); P2=mm(B2,P2,m2)
        B1=mm(B1,B1,m1); B2=mm(B2,B2,m2); k>>=1
    return mv(P1,s1,m1), mv(P2,s2,m2)
b=get('big#2500000','bits')
for T in [16384, 32768, 65536, 131072, 132*256, 132*512, 132*1024, 264*256]:
    g=2500000; t=g%T; p=g//T
    a,c=state_sub(1234,t); o,_,_=gen(a,c,p+1)
    print(T, bits(o[p])==int(b[0]))
