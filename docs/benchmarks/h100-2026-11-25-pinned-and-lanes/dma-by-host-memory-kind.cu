// DMA speed of pinned host memory by kind, H2D and D2H, synchronous cudaMemcpy, median and best of N repetitions
#include <cuda_runtime.h>
#include <cuda.h>
#include <sys/mman.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <algorithm>
#include <vector>
#include <chrono>
static double now(){return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();}
static void* shm(size_t n, int huge, const char* tag){
  char name[128]; snprintf(name,sizeof name,"/dev/shm/pinexp-%s-%d",tag,getpid());
  int fd=open(name,O_CREAT|O_RDWR|O_TRUNC,0600); if(fd<0){perror("open");exit(1);} if(ftruncate(fd,n)){perror("ftruncate");exit(1);}
  void* p=mmap(0,n,PROT_READ|PROT_WRITE,MAP_SHARED,fd,0); if(p==MAP_FAILED){perror("mmap");exit(1);} close(fd); unlink(name);
  if(huge){ if(madvise(p,n,MADV_HUGEPAGE)) perror("madvise"); }
  memset(p,1,n); return p;}
int main(){
  size_t sizes[]={1<<20,4<<20,16<<20,64<<20,256<<20};
  size_t maxn=256<<20; void* d; cudaMalloc(&d,maxn);
  const char* kinds[]={"cudaMallocHost","malloc+register","shm+register","shm+hugeadv+register","anon-aligned2M+register"};
  for(int k=0;k<5;k++){
    void* h=0;
    if(k==0) cudaMallocHost(&h,maxn);
    else if(k==1){ h=malloc(maxn); memset(h,1,maxn); cudaHostRegister(h,maxn,cudaHostRegisterPortable);}
    else if(k==2){ h=shm(maxn,0,"a"); printf("reg %d\n",(int)cudaHostRegister(h,maxn,cudaHostRegisterPortable));}
    else if(k==3){ h=shm(maxn,1,"b"); printf("reg %d\n",(int)cudaHostRegister(h,maxn,cudaHostRegisterPortable));}
    else { h=mmap(0,maxn+(2<<20),PROT_READ|PROT_WRITE,MAP_PRIVATE|MAP_ANONYMOUS,-1,0); h=(void*)(((size_t)h+(2<<20)-1)&~((size_t)(2<<20)-1)); madvise(h,maxn,MADV_HUGEPAGE); memset(h,1,maxn); cudaHostRegister(h,maxn,cudaHostRegisterPortable);}
    for(size_t n: sizes){
      for(int dir=0;dir<2;dir++){
        int reps = n<=(4<<20)?400:(n<=(16<<20)?100:20);
        std::vector<double> t;
        for(int i=0;i<reps+3;i++){ double a=now(); if(dir==0) cudaMemcpy(d,h,n,cudaMemcpyHostToDevice); else cudaMemcpy(h,d,n,cudaMemcpyDeviceToHost); double b=now(); if(i>=3) t.push_back(b-a);} 
        std::sort(t.begin(),t.end());
        printf("%-26s %s %4zu MiB  median %.2f GB/s (%.1f us)  best %.2f GB/s  p90 %.2f GB/s\n",kinds[k],dir?"D2H":"H2D",n>>20,n/t[t.size()/2]/1e9,t[t.size()/2]*1e6,n/t[0]/1e9,n/t[t.size()*9/10]/1e9);
      }
    }
    if(k==0) cudaFreeHost(h); else cudaHostUnregister(h);
  }
  cudaError_t e=cudaGetLastError(); printf("last error %d\n",(int)e); return 0;}
