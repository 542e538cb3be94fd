import os, numpy as np, struct
M32=0xffffffff
RES=os.environ.get('PROBE_RESULTS', os.path.join(os.path.dirname(__file__), '..', 'results')) + '/'
def load(gen):
    idx={}
    for line in open(RES+'rand-%s.idx'%gen):
        p=line.split()
        if len(p)==5 and p[4]=='0':
            idx[(p[0],p[1])]=(int(p[2]),int(p[3]))
    data=open(RES+'rand-%s.bin'%gen,'rb').read()
    def get(name,kind):
        off,n=idx[(name,kind)]
        dt={'bits':'<u4','uniform':'<f4','uniformd':'<f8','normal':'<f4','normald':'<f8','lognormal':'<f4','lognormald':'<f8','poisson4.5':'<u4','poisson1000':'<u4'}[kind]
        return np.frombuffer(data,dtype=dt,count=n,offset=off)
    return get

# Philox
def philox_round(c,k):
    p0=0xD2511F53*c[0]; p1=0xCD9E8D57*c[2]
    return [((p1>>32)^c[1]^k[0])&M32, p1&M32, ((p0>>32)^c[3]^k[1])&M32, p0&M32]
def philox(c,k):
    k=list(k)
    for i in range(9):
        c=philox_round(c,k); k=[(k[0]+0x9E3779B9)&M32,(k[1]+0xBB67AE85)&M32]
    return philox_round(c,k)
def philox_at(seed, sub, pos):
    # counter = pos//4 + sub<<64
    ctr = (pos//4) + (sub<<64)
    c=[(ctr>>(32*i))&M32 for i in range(4)]
    return philox(c,[seed&M32,(seed>>32)&M32])[pos%4]
if __name__ == '__main__':
    print('philox (0,0)', [hex(philox_at(1234,0,i)) for i in range(8)])
    print('philox (1,0)', [hex(philox_at(1234,1,i)) for i in range(4)])
