/*
 * standalone_main.c -- runs a fuzz target without libFuzzer, for targets
 * where libFuzzer is not available (AArch64 under qemu: scripts/fuzz.sh
 * --qemu-aarch64), with any C compiler.
 *
 *   fuzz_utf8 [-seconds=S] [-seed=N] [-max_len=N] FILE_OR_DIR...
 *
 * Runs every input file once, then random mutations of them (bit flips,
 * byte changes, insertions and deletions of interesting bytes, splices,
 * truncations) until S seconds have passed (default 10). No coverage
 * guidance: a cheap differential smoke run. When an input makes the target
 * abort or fault, it is written to crash-<target>-<seed>-<n> in the current
 * directory before the process dies.
 */
#define _GNU_SOURCE 1
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SA_MAX_INPUTS 20000

static unsigned char **sa_inputs;
static size_t *sa_sizes;
static size_t sa_count;
static unsigned char *sa_cur;
static size_t sa_cur_len;
static char sa_crash_name[256];

static void sa_on_signal(int sig)
{
    int fd = open(sa_crash_name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        ssize_t w = write(fd, sa_cur, sa_cur_len);
        (void)w;
        close(fd);
    }
    {
        static const char msg[] = "standalone: input written to ";
        ssize_t w = write(2, msg, sizeof msg - 1);
        w = write(2, sa_crash_name, strlen(sa_crash_name));
        w = write(2, "\n", 1);
        (void)w;
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void sa_add(unsigned char *p, size_t n)
{
    if (sa_count < SA_MAX_INPUTS) {
        sa_inputs[sa_count] = p;
        sa_sizes[sa_count] = n;
        sa_count++;
    } else {
        free(p);
    }
}

static void sa_load_file(const char *path, size_t max_len)
{
    FILE *f = fopen(path, "rb");
    unsigned char *p;
    size_t n;
    if (!f)
        return;
    p = malloc(max_len ? max_len : 1);
    if (!p) {
        fclose(f);
        return;
    }
    n = fread(p, 1, max_len, f);
    fclose(f);
    sa_add(p, n);
}

static void sa_load(const char *path, size_t max_len)
{
    struct stat st;
    DIR *d;
    struct dirent *e;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "standalone: cannot read %s\n", path);
        exit(2);
    }
    if (!S_ISDIR(st.st_mode)) {
        sa_load_file(path, max_len);
        return;
    }
    d = opendir(path);
    if (!d)
        return;
    while ((e = readdir(d)) != NULL) {
        char full[4096];
        if (e->d_name[0] == '.')
            continue;
        snprintf(full, sizeof full, "%s/%s", path, e->d_name);
        if (stat(full, &st) == 0 && S_ISREG(st.st_mode))
            sa_load_file(full, max_len);
    }
    closedir(d);
}

static uint64_t sa_rng;

static uint32_t sa_next(void)
{
    sa_rng ^= sa_rng << 13;
    sa_rng ^= sa_rng >> 7;
    sa_rng ^= sa_rng << 17;
    return (uint32_t)(sa_rng >> 16);
}

/* Bytes that start, continue or break UTF-8 and UTF-16 sequences. */
static const unsigned char sa_interesting[] = { 0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2,
                                                0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xF8,
                                                0xFF, 0xD8, 0xDB, 0xDC, 0xDF, 0xA0, 0x9F, 0x8F };

static size_t sa_mutate(unsigned char *buf, size_t n, size_t max_len)
{
    int ops = 1 + (int)(sa_next() % 6), k;
    for (k = 0; k < ops; k++) {
        uint32_t op = sa_next() % 8;
        size_t pos = n ? sa_next() % n : 0;
        unsigned char b = sa_interesting[sa_next() % sizeof sa_interesting];
        switch (op) {
        case 0: /* flip a bit */
            if (n)
                buf[pos] ^= (unsigned char)(1u << (sa_next() % 8));
            break;
        case 1: /* set an interesting byte */
            if (n)
                buf[pos] = b;
            break;
        case 2: /* insert an interesting byte */
            if (n < max_len) {
                memmove(buf + pos + 1, buf + pos, n - pos);
                buf[pos] = b;
                n++;
            }
            break;
        case 3: /* delete a byte */
            if (n) {
                memmove(buf + pos, buf + pos + 1, n - pos - 1);
                n--;
            }
            break;
        case 4: /* truncate */ n = pos; break;
        case 5: { /* splice a piece of another input */
            size_t j = sa_next() % sa_count, m = sa_sizes[j], from, len;
            if (!m)
                break;
            from = sa_next() % m;
            len = 1 + sa_next() % (m - from);
            if (len > max_len - pos)
                len = max_len - pos;
            memcpy(buf + pos, sa_inputs[j] + from, len);
            if (pos + len > n)
                n = pos + len;
            break;
        }
        case 6: { /* duplicate a range (longer inputs cross SIMD blocks) */
            size_t len = n - pos < 64 ? n - pos : 64;
            if (n + len <= max_len) {
                memmove(buf + pos + len, buf + pos, n - pos);
                n += len;
            }
            break;
        }
        default: /* a random byte */
            if (n)
                buf[pos] = (unsigned char)sa_next();
            break;
        }
    }
    return n;
}

int main(int argc, char **argv)
{
    long seconds = 10;
    unsigned long seed = (unsigned long)time(NULL);
    size_t max_len = 8192, i;
    unsigned long long runs = 0;
    time_t start;
    const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    int a;

    sa_inputs = malloc(SA_MAX_INPUTS * sizeof *sa_inputs);
    sa_sizes = malloc(SA_MAX_INPUTS * sizeof *sa_sizes);
    if (!sa_inputs || !sa_sizes)
        return 2;
    for (a = 1; a < argc; a++) {
        if (strncmp(argv[a], "-seconds=", 9) == 0)
            seconds = atol(argv[a] + 9);
        else if (strncmp(argv[a], "-seed=", 6) == 0)
            seed = strtoul(argv[a] + 6, NULL, 0);
        else if (strncmp(argv[a], "-max_len=", 9) == 0)
            max_len = (size_t)strtoul(argv[a] + 9, NULL, 0);
    }
    for (a = 1; a < argc; a++)
        if (argv[a][0] != '-')
            sa_load(argv[a], max_len);
    if (sa_count == 0)
        sa_add(calloc(1, 1), 0);
    sa_cur = malloc(max_len + 1);
    if (!sa_cur)
        return 2;

    snprintf(sa_crash_name, sizeof sa_crash_name, "crash-%s-%lu", name, seed);
    signal(SIGABRT, sa_on_signal);
    signal(SIGSEGV, sa_on_signal);
    signal(SIGBUS, sa_on_signal);
    signal(SIGILL, sa_on_signal);
    signal(SIGFPE, sa_on_signal);

    /* 1. Every input as it is. */
    for (i = 0; i < sa_count; i++) {
        memcpy(sa_cur, sa_inputs[i], sa_sizes[i]);
        sa_cur_len = sa_sizes[i];
        LLVMFuzzerTestOneInput(sa_cur, sa_cur_len);
        runs++;
    }

    /* 2. Mutations until the time is up. */
    sa_rng = seed * UINT64_C(0x9E3779B97F4A7C15) + 1;
    start = time(NULL);
    while (time(NULL) - start < seconds) {
        int burst;
        for (burst = 0; burst < 64; burst++) {
            size_t j = sa_next() % sa_count;
            memcpy(sa_cur, sa_inputs[j], sa_sizes[j]);
            sa_cur_len = sa_mutate(sa_cur, sa_sizes[j], max_len);
            LLVMFuzzerTestOneInput(sa_cur, sa_cur_len);
            runs++;
            /* Keep some mutants as new bases, so that changes accumulate. */
            if (sa_next() % 16 == 0 && sa_count < SA_MAX_INPUTS) {
                unsigned char *p = malloc(sa_cur_len ? sa_cur_len : 1);
                if (p) {
                    memcpy(p, sa_cur, sa_cur_len);
                    sa_add(p, sa_cur_len);
                }
            }
        }
    }
    printf("standalone %s: %llu runs in %ld s (seed %lu, %zu inputs)\n", name, runs,
           (long)(time(NULL) - start), seed, sa_count);
    return 0;
}
