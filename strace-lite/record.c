// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sttrace --bpf --record=FILE: the ring-buffer records written as they come, with the header and
 * the few other records record.h describes.  Records gather in one 1 MiB batch written at once
 * when full, when the events pause, and at the end: recording costs a copy per record (most
 * packed, REC_EVENT_Z), less than formatting it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "strace-lite/record.h"
#include "common/log.h"
#include "common/stacktrace.h"
#include "strace-lite/inject.h"
#include "strace-lite/sttrace.h"

static FILE *rec;
static const char *rec_name;
static const char *rec_version = "?";
static int rec_argc;
static char **rec_argv;
static int rec_failed; /* a write failed: said once */

void record_cmdline(const char *version, int argc, char **argv)
{
	rec_version = version;
	rec_argc = argc;
	rec_argv = argv;
}

const char record_no_output[] = "/dev/null";

int record_on(void)
{
	return rec != NULL;
}

int record_only(void)
{
	/* -k: stacks are unwound live, for the maps they read (record_maps). */
	return rec && opts.outfname == record_no_output && !inject_enabled() && !opts.stack;
}

static void write_failed(void)
{
	if (!rec_failed)
		log_perror("--record: %s", rec_name);
	rec_failed = 1;
}

/* Records gather here and go out in one write when it is full (or at a pause, or the end). */
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

/* -k: TGID's maps were read live: their text, for a replay's unwinding and symbols. */
static void record_maps(pid_t tgid)
{
	char path[64], *t = NULL;
	size_t n = 0, cap = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/maps", tgid);
	if (!rec || !(f = fopen(path, "re")))
		return;
	for (;;) {
		if (n + 4096 > cap) {
			size_t ncap = 2 * cap + 4096;
			char *nt = ncap < REC_MAX_LEN / 2 ? realloc(t, ncap) : NULL;
			if (!nt)
				break;
			t = nt;
			cap = ncap;
		}
		size_t k = fread(t + n, 1, cap - n, f);
		if (!k)
			break;
		n += k;
	}
	fclose(f);
	struct rec_hdr h = { .len = (uint32_t)(sizeof(int64_t) + n), .type = REC_MAPS };
	int64_t id = tgid;
	put(&h, sizeof(h));
	put(&id, sizeof(id));
	if (n)
		put(t, n);
	free(t);
}

int record_open(const char *file)
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
	rc = kv(&b, &n, "sttrace", rec_version);
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
	for (int i = 0; !rc && i < rec_argc; i++)
		rc = kv(&b, &n, "arg", rec_argv[i]);
	if (rc) {
		free(b);
		fclose(rec);
		rec = NULL;
		log_errno(rc, "--record: %s", file);
		return rc;
	}
	uint32_t w[2] = { REC_VERSION, (uint32_t)n };
	put(REC_MAGIC, sizeof(REC_MAGIC));
	put(w, sizeof(w));
	put(b, n);
	free(b);
	record_flush(); /* a recorder killed at once leaves a recording all the same */
	if (opts.stack)
		stacktrace_maps_hooks(NULL, record_maps);
	return rec_failed ? -EIO : 0;
}

size_t rec_pack(const uint8_t *in, size_t len, uint8_t *out)
{
	size_t o = 0;

	for (size_t i = 0; i < len;) {
		if (in[i]) {
			out[o++] = in[i++];
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

void record_event(const void *data, size_t len)
{
	static uint8_t z[2 * 8192];
	struct rec_hdr h = { .len = (uint32_t)len, .type = REC_EVENT };

	if (!rec || len > REC_MAX_LEN)
		return;
	/* Packed when it is smaller (ring-buffer records are at most a few KiB, most ~120 B). */
	if (len <= sizeof(z) / 2) {
		size_t n = rec_pack(data, len, z);
		if (n + sizeof(uint32_t) < len) {
			uint32_t raw = (uint32_t)len;
			h.type = REC_EVENT_Z;
			h.len = (uint32_t)(n + sizeof(raw));
			put(&h, sizeof(h));
			put(&raw, sizeof(raw));
			put(z, n);
			return;
		}
	}
	put(&h, sizeof(h));
	put(data, len);
}

void record_note(enum rec_type type, int64_t a, int64_t b)
{
	struct rec_hdr h = { .len = sizeof(struct rec_note), .type = (uint16_t)type };
	struct rec_note r = { a, b };

	if (!rec)
		return;
	put(&h, sizeof(h));
	put(&r, sizeof(r));
}

void record_fd(pid_t tid, int64_t fd, const void *data, size_t len)
{
	struct rec_hdr h = { .len = (uint32_t)(2 * sizeof(int64_t) + len), .type = REC_FD };
	int64_t ids[2] = { tid, fd };

	if (!rec || len > REC_MAX_LEN / 2)
		return;
	put(&h, sizeof(h));
	put(ids, sizeof(ids));
	put(data, len);
}

void record_probe(pid_t tid, int kind, bool silent, const char *label, const char *text,
		  size_t len)
{
	struct rec_probe p = { .tid = tid, .ts = ns_of(CLOCK_MONOTONIC), .kind = kind,
			       .silent = silent, .label_len = (uint32_t)strlen(label),
			       .text_len = (uint32_t)len };
	struct rec_hdr h = { .len = (uint32_t)(sizeof(p) + p.label_len + len), .type = REC_PROBE };

	if (!rec || p.label_len > 4096 || len > REC_MAX_LEN / 2)
		return;
	put(&h, sizeof(h));
	put(&p, sizeof(p));
	put(label, p.label_len);
	put(text, len);
}

void record_flush(void)
{
	if (rec)
		batch_out();
}

/* REC_INJECT's b: the flags in bits 0-2, the result given in the 61 bits above. */
void record_inject(const struct tcb *tcp)
{
	uint64_t bits = ((tcp->flags & TCB_INJECTED) ? 1 : 0) | ((tcp->flags & TCB_POKED) ? 2 : 0) |
			((tcp->flags & TCB_DELAYED) ? 4 : 0);

	record_note(REC_INJECT, tcp->pid, (int64_t)(((uint64_t)tcp->inject_rval << 3) | bits));
}

void replay_inject(struct tcb *tcp, int64_t how)
{
	tcp->flags &= ~(TCB_INJECTED | TCB_POKED | TCB_DELAYED);
	tcp->flags |= (how & 1 ? TCB_INJECTED : 0) | (how & 2 ? TCB_POKED : 0) |
		      (how & 4 ? TCB_DELAYED : 0);
	tcp->inject_rval = how >> 3; /* arithmetic: a negative errno stays negative */
}

int record_close(int interrupted, uint64_t lost)
{
	if (!rec)
		return 0;
	record_note(REC_END, interrupted, (int64_t)lost);
	batch_out();
	if (fclose(rec) != 0)
		write_failed();
	rec = NULL;
	return rec_failed ? -EIO : 0;
}
