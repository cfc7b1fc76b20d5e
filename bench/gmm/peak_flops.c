// The machine's FMA peaks that bench/gmm/RESULTS.md compares against: float32 FMA and bfloat16
// dot products (AVX512_BF16) on 12 independent zmm accumulators, registers only.
//   gcc -O2 -march=native bench/gmm/peak_flops.c -o /tmp/peak && /tmp/peak   (run two at once for both cores)
#include <immintrin.h>
#include <stdio.h>
#include <time.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
int main(){
  long iters=200000000;
  __m512 a[12]; for(int i=0;i<12;i++)a[i]=_mm512_set1_ps(0.0f);
  __m512 x=_mm512_set1_ps(1.0001f), y=_mm512_set1_ps(0.9999f);
  double t=now();
  for(long i=0;i<iters;i++){
#define F(k) a[k]=_mm512_fmadd_ps(x,y,a[k]);
    F(0)F(1)F(2)F(3)F(4)F(5)F(6)F(7)F(8)F(9)F(10)F(11)
    __asm__ volatile(""::"v"(x));
  }
  double dt=now()-t; float s=0; for(int i=0;i<12;i++) s+=a[i][0];
  printf("fp32 fma zmm: %.1f GFLOP/s (%g)\n", iters*12*32.0/dt/1e9, s);
  __m512 b[12]; for(int i=0;i<12;i++)b[i]=_mm512_setzero_ps();
  __m512bh p=(__m512bh)_mm512_set1_epi16(0x3f80), q=(__m512bh)_mm512_set1_epi16(0x3f80);
  t=now();
  for(long i=0;i<iters;i++){
#define G(k) b[k]=_mm512_dpbf16_ps(b[k],p,q);
    G(0)G(1)G(2)G(3)G(4)G(5)G(6)G(7)G(8)G(9)G(10)G(11)
    __asm__ volatile(""::"v"(p));
  }
  dt=now()-t; s=0; for(int i=0;i<12;i++) s+=b[i][0];
  printf("bf16 dp zmm: %.1f GFLOP/s (%g)\n", iters*12*64.0/dt/1e9, s);
}
