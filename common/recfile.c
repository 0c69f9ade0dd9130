// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The recording file's container (recfile.h): records gather in one 1 MiB batch written at
 * once when full, when the events pause, and at the end; recording costs a copy per record
 * (most packed), less than formatting it.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "common/recfile.h"
#include "common/log.h"

static FILE *rec;
static const char *rec_name;
static int rec_failed; /* a write failed: said once */

bool recfile_on(void)
{
	return rec != NULL;
}

static void write_failed(void)
{
	if (!rec_failed)
		log_perror("--record: %s", rec_name);
	rec_failed = 1;
}

static uint8_t batch[1 << 20];
static size_t nbatch;

static void batch_out(void)
{
	if (nbatch && fwrite(batch, 1, nbatch, rec) != nbatch)
		write_failed();
	nbatch = 0;
}

static void put(const void *p, size_t n)
{
	if (nbatch + n > sizeof(batch))
		batch_out();
	if (n > sizeof(batch)) {
		if (fwrite(p, 1, n, rec) != n)
			write_failed();
		return;
	}
	memcpy(batch + nbatch, p, n);
	nbatch += n;
}

/* "KEY=VALUE\0" into the header's buffer *B of *N bytes; -ENOMEM when it cannot grow. */
static int kv(char **b, size_t *n, const char *key, const char *value)
{
	size_t l = strlen(key) + 1 + strlen(value) + 1;
	char *nb = realloc(*b, *n + l);

	if (!nb)
		return -ENOMEM;
	snprintf(nb + *n, l, "%s=%s", key, value);
	*b = nb;
	*n += l;
	return 0;
}

static uint64_t ns_of(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int recfile_open(const char *file, const char *tool, const char *version, int argc,
		 char **argv)
{
	struct utsname u;
	char *b = NULL, num[32];
	size_t n = 0;
	int rc = 0;

	rec_name = file;
	rec = fopen(file, "we");
	if (!rec) {
		rc = -errno;
		log_perror("--record: %s", file);
		return rc;
	}
	setvbuf(rec, NULL, _IONBF, 0); /* batch[] is the buffer */
	if (uname(&u) < 0)
		memset(&u, 0, sizeof(u));
	rc = kv(&b, &n, "tool", tool);
	if (!rc)
		rc = kv(&b, &n, "sttrace", version);
	if (!rc)
		rc = kv(&b, &n, "kernel", u.release);
	if (!rc)
		rc = kv(&b, &n, "machine", u.machine);
	snprintf(num, sizeof(num), "%llu", (unsigned long long)ns_of(CLOCK_REALTIME));
	if (!rc)
		rc = kv(&b, &n, "start_realtime_ns", num);
	snprintf(num, sizeof(num), "%llu", (unsigned long long)ns_of(CLOCK_MONOTONIC));
	if (!rc)
		rc = kv(&b, &n, "start_mono_ns", num);
	for (int i = 0; !rc && i < argc; i++)
		rc = kv(&b, &n, "arg", argv[i]);
	if (rc) {
		free(b);
		fclose(rec);
		rec = NULL;
		log_errno(rc, "--record: %s", file);
		return rc;
	}
	uint32_t w[2] = { RECFILE_VERSION, (uint32_t)n };
	put(RECFILE_MAGIC, sizeof(RECFILE_MAGIC));
	put(w, sizeof(w));
	put(b, n);
	free(b);
	recfile_flush(); /* a recorder killed at once leaves a recording all the same */
	return rec_failed ? -EIO : 0;
}

void recfile_put(uint16_t type, const void *a, size_t alen, const void *b, size_t blen)
{
	struct rec_hdr h = { .len = (uint32_t)(alen + blen), .type = type };

	if (!rec || alen + blen > RECFILE_MAX_LEN)
		return;
	put(&h, sizeof(h));
	if (alen)
		put(a, alen);
	if (blen)
		put(b, blen);
}

size_t rec_pack(const uint8_t *in, size_t len, uint8_t *out)
{
	size_t o = 0;

	for (size_t i = 0; i < len;) {
		if (in[i]) { /* the bytes up to the next zero, at once */
			const uint8_t *z = memchr(in + i, 0, len - i);
			size_t n = z ? (size_t)(z - (in + i)) : len - i;
			memcpy(out + o, in + i, n);
			o += n;
			i += n;
			continue;
		}
		size_t run = 1;
		while (i + run < len && !in[i + run] && run < 255)
			run++;
		out[o++] = 0;
		out[o++] = (uint8_t)run;
		i += run;
	}
	return o;
}

long rec_unpack(const uint8_t *in, size_t len, uint8_t *out, size_t cap)
{
	size_t o = 0;

	for (size_t i = 0; i < len; i++) {
		if (in[i]) {
			if (o >= cap)
				return -1;
			out[o++] = in[i];
			continue;
		}
		if (++i >= len || !in[i] || in[i] > cap - o)
			return -1;
		memset(out + o, 0, in[i]);
		o += in[i];
	}
	return o == cap ? (long)o : -1;
}

void recfile_put_z(const void *data, size_t len)
{
	static uint8_t z[2 * 8192];

	if (!rec || len > RECFILE_MAX_LEN)
		return;
	/* Packed when it is smaller (most records are at most a few KiB, many ~120 B). */
	if (len <= sizeof(z) / 2) {
		size_t n = rec_pack(data, len, z);
		if (n + sizeof(uint32_t) < len) {
			uint32_t raw = (uint32_t)len;
			recfile_put(RECFILE_Z, &raw, sizeof(raw), z, n);
			return;
		}
	}
	recfile_put(1, data, len, NULL, 0);
}

void recfile_flush(void)
{
	if (rec)
		batch_out();
}

int recfile_close(void)
{
	if (!rec)
		return 0;
	batch_out();
	if (fclose(rec) != 0)
		write_failed();
	rec = NULL;
	return rec_failed ? -EIO : 0;
}

/* ---- reading ---- */

static FILE *in;
static unsigned long long nrec;
static void *buf, *zbuf;
static size_t cap, zcap;

/* *B (of *CAP bytes) with room for N bytes (and 8-byte aligned, as malloc's): false if not. */
static bool grow(void **b, size_t *bcap, size_t n)
{
	if (n + 8 <= *bcap)
		return true;
	void *nb = realloc(*b, n + 8);
	if (!nb)
		return false;
	*b = nb;
	*bcap = n + 8;
	return true;
}

/* F's header: its "key=value" strings, NUL-terminated one after the other, in *H (malloc'd,
 * LEN bytes and a NUL): 0, or -EINVAL when F is not a recording of this version. */
static int read_header(FILE *f, char **h, uint32_t *len)
{
	char magic[sizeof(RECFILE_MAGIC)];
	uint32_t w[2];

	*h = NULL;
	if (fread(magic, 1, sizeof(magic), f) != sizeof(magic) ||
	    memcmp(magic, RECFILE_MAGIC, sizeof(magic)) || fread(w, 1, sizeof(w), f) != sizeof(w) ||
	    w[0] != RECFILE_VERSION || w[1] > (1u << 20))
		return -EINVAL;
	*h = malloc(w[1] + 1);
	if (!*h || fread(*h, 1, w[1], f) != w[1]) {
		free(*h);
		*h = NULL;
		return -EINVAL;
	}
	(*h)[w[1]] = '\0';
	*len = w[1];
	return 0;
}

int recfile_read_open(const char *path, struct recfile_info *info)
{
	unsigned long long real = 0, mono = 0;
	uint32_t len;
	char *h;

	memset(info, 0, sizeof(*info));
	snprintf(info->tool, sizeof(info->tool), "sttrace");
	in = fopen(path, "re");
	if (!in)
		return -errno;
	nrec = 0;
	if (read_header(in, &h, &len) < 0)
		return -EINVAL;
	for (char *k = h; k < h + len; k += strlen(k) + 1) {
		sscanf(k, "start_realtime_ns=%llu", &real);
		sscanf(k, "start_mono_ns=%llu", &mono);
		if (!strncmp(k, "tool=", 5))
			snprintf(info->tool, sizeof(info->tool), "%s", k + 5);
	}
	free(h);
	info->start_realtime_ns = real;
	info->start_mono_ns = mono;
	return 0;
}

int recfile_next(struct rec_hdr *cur, void **data, unsigned long long *n)
{
	size_t got = in ? fread(cur, 1, sizeof(*cur), in) : 0;

	if (n)
		*n = nrec;
	if (got == 0 && in && feof(in))
		return 0;
	if (got != sizeof(*cur) || cur->len > RECFILE_MAX_LEN)
		return -1;
	if (cur->type == RECFILE_Z) {
		uint32_t raw;
		if (cur->len < sizeof(raw) || fread(&raw, 1, sizeof(raw), in) != sizeof(raw) ||
		    raw > RECFILE_MAX_LEN || !grow(&zbuf, &zcap, cur->len) || !grow(&buf, &cap, raw) ||
		    fread(zbuf, 1, cur->len - sizeof(raw), in) != cur->len - sizeof(raw) ||
		    rec_unpack(zbuf, cur->len - sizeof(raw), buf, raw) < 0)
			return -1;
		cur->type = 1;
		cur->len = raw;
	} else if (!grow(&buf, &cap, cur->len) || fread(buf, 1, cur->len, in) != cur->len) {
		return -1;
	}
	*data = buf;
	if (n)
		*n = ++nrec;
	else
		nrec++;
	return 1;
}

void recfile_read_close(void)
{
	if (in)
		fclose(in);
	in = NULL;
	free(buf);
	free(zbuf);
	buf = zbuf = NULL;
	cap = zcap = 0;
}

bool recfile_replay_cmd(int *argc, char ***argv)
{
	char **v = *argv;

	if (*argc < 2 || strcmp(v[1], "replay"))
		return false;
	v[1] = v[0];
	*argv = v + 1;
	(*argc)--;
	return true;
}

int recfile_recorded_opts(const char *path, const char *optstring, const struct option *longopts,
			  void (*fn)(int c, const char *name, void *ctx), void *ctx)
{
	FILE *f = fopen(path, "re");
	uint32_t len;
	char *h, **v = NULL;
	int n = 0, rc;

	if (!f)
		return -errno;
	rc = read_header(f, &h, &len);
	fclose(f);
	if (rc < 0)
		return rc;
	for (char *k = h; k < h + len; k += strlen(k) + 1)
		n += !strncmp(k, "arg=", 4);
	v = calloc(n + 1, sizeof(*v));
	if (!v) {
		free(h);
		return -ENOMEM;
	}
	n = 0;
	for (char *k = h; k < h + len; k += strlen(k) + 1)
		if (!strncmp(k, "arg=", 4))
			v[n++] = k + 4;
	/* The live run's words, parsed as its getopt parsed them. */
	int saved_opterr = opterr, c, li = -1;
	opterr = 0;
	optind = 0; /* glibc: start afresh */
	while (n > 0 && (c = getopt_long(n, v, optstring, longopts, &li)) != -1) {
		fn(c, li >= 0 ? longopts[li].name : NULL, ctx);
		li = -1;
	}
	optind = 0;
	opterr = saved_opterr;
	free(v);
	free(h);
	return 0;
}
