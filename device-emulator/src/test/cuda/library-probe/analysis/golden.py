import os
# Writes the cuRAND reference windows that the emulator's tests compare against, from the probe's raw output.
import numpy as np
from model import load
OUT=os.path.join(os.path.dirname(__file__), '..', '..', '..', 'resources', 'io', 'gpurelay', 'emulator', 'rand', 'curand-10.4-h100.txt')
def hexes(arr, kind):
    if kind in ('uniformd','normald','lognormald'):
        return ' '.join('%016x' % v for v in np.asarray(arr,dtype='<f8').view('<u8'))
    if kind in ('uniform','normal','lognormal'):
        return ' '.join('%08x' % v for v in np.asarray(arr,dtype='<f4').view('<u4'))
    return ' '.join('%08x' % v for v in np.asarray(arr,dtype='<u4'))
lines=['# cuRAND 10.4.0 (CUDA 13.0 toolkit) host API output on an NVIDIA H100, captured by',
       '# emulator-libs-gpu-probe/probe.cu. One window per line:',
       '# generator ordering seed offset calls checkedCall kind start values...',
       '# calls run in order on one generator; values are raw IEEE bits (or the words) in hex.']
gens={'xorwow':101,'mrg32k3a':121,'philox':161}
for g,gtype in gens.items():
    get=load(g)
    orderings=[101,103,100]+([104] if g!='xorwow' else [])
    for o in orderings:
        for kind in ('bits','uniform','uniformd','normal','normald','lognormal','lognormald'):
            arr=get('o%d#0'%o,kind); n=len(arr)
            for start,length in ((0,32),(4090,12),(n-16,16)):
                lines.append('%s %d 1234 0 %s:%d 0 %s %d %s'%(g,o,kind,n,kind,start,hexes(arr[start:start+length],kind)))
    for name,offset,kind in (('offset7',7,'bits'),('offset5000',5000,'bits'),('offset7normal',7,'normal'),('offset7uniformd',7,'uniformd')):
        arr=get(name+'#0',kind)
        lines.append('%s 101 1234 %d %s:%d 0 %s 0 %s'%(g,offset,kind,len(arr),kind,hexes(arr,kind)))
    arr=get('legacy-offset7#0','bits')
    lines.append('%s 103 1234 7 bits:100 0 bits 0 %s'%(g,hexes(arr,'bits')))
    for name,calls in (('seq-bits',[('bits',3),('bits',100)]),('seq-normal',[('normal',2),('normal',100)]),
                       ('seq-mixed',[('uniform',3),('uniformd',10),('bits',10),('normald',4),('bits',10)])):
        spec=','.join('%s:%d'%c for c in calls)
        for i,(kind,n) in enumerate(calls):
            arr=get('%s#%d'%(name,i),kind)
            lines.append('%s 101 1234 0 %s %d %s 0 %s'%(g,spec,i,kind,hexes(arr,kind)))
    for name,seed in (('seed0',0),('seed1',1),('seedmax',0xFFFFFFFFFFFFFFFF),('seedbig',0x123456789ABCDEF0)):
        arr=get(name+'#0','bits')[:32]
        lines.append('%s 101 %d 0 bits:32 0 bits 0 %s'%(g,seed if seed < 2**63 else seed-2**64,hexes(arr,'bits')))
    arr=get('big#2500000','bits')
    lines.append('%s 101 1234 2500000 bits:64 0 bits 0 %s'%(g,hexes(arr[:64],'bits')))
    arr=get('big#0','bits')
    lines.append('%s 101 1234 0 bits:16384 0 bits 16320 %s'%(g,hexes(arr[16320:],'bits')))
    arr=get('bignormal#0','normal')
    lines.append('%s 101 1234 3000000 normal:2500016 0 normal 0 %s'%(g,hexes(arr[:16],'normal')))
    arr=get('bignormal#2500000','normal')
    lines.append('%s 101 1234 3000000 normal:2500016 0 normal 2500000 %s'%(g,hexes(arr[:16],'normal')))
open(OUT,'w').write('\n'.join(lines)+'\n')
print(len(lines), 'lines')
