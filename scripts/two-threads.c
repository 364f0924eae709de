/* two-threads.c: what the host gives two threads of one process that share nothing, for
 * scripts/bench-solve.sh to print beside `solve --threads 2`. Each worker walks a private
 * 256 KiB table at pseudo-random places (cache-resident work with no shared data, like a
 * solver's), for N / THREADS steps:
 *   two-threads THREADS N
 * On a 2-vCPU KVM guest (2026-11-28, `alternate.py 20`) two threads ran 1.54x one thread's
 * speed and two one-thread processes, each doing half, 1.91x, with the same CPU time: the
 * guest left a vCPU idle about 12 ms in each 40 ms two-thread run (/proc/stat), while the
 * threads took turns on the other. At another minute: 1.66x and 1.89x, with `solve --threads
 * 2` on the Kaggle lines at 1.63x in the same run. Where two threads of this loop fall short
 * of 2x, `solve`'s do too. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long steps;

static void *work(void *arg) {
    unsigned *t = malloc(1 << 18);
    unsigned x = 12345, s = 0;
    (void)arg;
    memset(t, 1, 1 << 18);
    for (long i = 0; i < steps; i++) {
        x = x * 1103515245u + 12345u;
        s += t[(x >> 8) & 0xffff];
        t[(x >> 12) & 0xffff] = s;
    }
    free(t);
    return (void *)(long)s;
}

int main(int argc, char **argv) {
    pthread_t th[64];
    int threads = argc > 2 ? atoi(argv[1]) : 0;
    long s;
    if (threads < 1 || threads > 64) {
        fprintf(stderr, "usage: two-threads THREADS(1-64) STEPS\n");
        return 2;
    }
    steps = atol(argv[2]) / threads;
    for (int i = 1; i < threads; i++) pthread_create(&th[i], 0, work, 0);
    s = (long)work(0);
    for (int i = 1; i < threads; i++) {
        void *r;
        pthread_join(th[i], &r);
        s += (long)r;
    }
    printf("%ld\n", s & 1);
    return 0;
}
