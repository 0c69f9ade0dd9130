/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The recording file (sttrace --record, lttrace --record): a header and length-prefixed typed
 * records, written in 1 MiB batches, read back one record at a time.  What the records mean is
 * the tool's (strace-lite/record/record.h, ltrace-lite/lt-record.c); this is the container.  Layout,
 * all integers in the recording machine's byte order (checked by the version word):
 *
 *	header:  "STTRACE-REC\0" (12 bytes), u32 RECFILE_VERSION, u32 LEN, LEN bytes of
 *	         NUL-terminated "key=value" strings (tool, sttrace (the version), kernel, machine,
 *	         start_realtime_ns, start_mono_ns, then one "arg=..." per word of the command line)
 *	records: u32 LEN, u16 TYPE, u16 0, LEN bytes; TYPE RECFILE_Z: u32 the record's length,
 *	         then its bytes with each run of 1 to 255 zero bytes written as 0 and the run's
 *	         length, read back as a record of type 1 (each tool's main kind of record)
 *
 * The file is untrusted input: every length is checked.  A file without its last records (a
 * killed recorder) reads up to the last whole one.
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct option;

#define RECFILE_MAGIC "STTRACE-REC"
#define RECFILE_VERSION 1u
#define RECFILE_MAX_LEN (1u << 24)
/* A record of type 1 packed (recfile_put_z). */
#define RECFILE_Z 11

struct rec_hdr {
	uint32_t len;
	uint16_t type;
	uint16_t zero;
};

/* ---- writing ---- */

/* Start writing FILE for TOOL (its VERSION and command line in the header): 0, or -errno having
 * said why ("TOOL: --record: FILE: reason"). */
int recfile_open(const char *file, const char *tool, const char *version, int argc,
		 char **argv);
bool recfile_on(void);
/* One record of type TYPE: A (ALEN bytes) then B (BLEN bytes). */
void recfile_put(uint16_t type, const void *a, size_t alen, const void *b, size_t blen);
/* A record of type 1, packed when that is smaller (records that are mostly zeros). */
void recfile_put_z(const void *data, size_t len);
/* What is buffered, written (when events pause: a killed recorder loses little). */
void recfile_flush(void);
/* The file flushed and closed: 0, or -EIO if a write failed (said once). */
int recfile_close(void);

/* The packing: IN (LEN bytes) into OUT (room for 2 * LEN), its length; and back: IN (LEN
 * packed bytes) into OUT (CAP bytes), the length, or -1 when IN does not unpack into exactly
 * CAP bytes. */
size_t rec_pack(const uint8_t *in, size_t len, uint8_t *out);
long rec_unpack(const uint8_t *in, size_t len, uint8_t *out, size_t cap);

/* ---- reading ---- */

struct recfile_info {
	char tool[16];        /* "sttrace" for a file whose header does not say */
	uint64_t start_realtime_ns, start_mono_ns;
};
/* Open PATH and read its header: 0; -errno when it cannot be opened; -EINVAL when it is not a
 * recording of this version.  Nothing said. */
int recfile_read_open(const char *path, struct recfile_info *info);
/*
 * The next record: its header in *H (a packed one unpacked, with its own type) and its bytes at
 * *DATA (8-byte aligned, valid until the next call): 1; 0 at a clean end of the file; -1 cut or
 * damaged.  The number of whole records read so far in *N if N.
 */
int recfile_next(struct rec_hdr *h, void **data, unsigned long long *n);
void recfile_read_close(void);

/* "TOOL replay [options] FILE [options]": true when ARGV[1] is "replay", which goes (ARGV[0]
 * stays); the front end then parses the options in any order around FILE (getopt permuting) and
 * takes the one word left as the recording. */
bool recfile_replay_cmd(int *argc, char ***argv);
/*
 * The options of the command line PATH was recorded with, parsed by getopt_long with OPTSTRING
 * and LONGOPTS (the tool's own): FN(C, NAME, CTX) for each, C as getopt_long returns it (optarg
 * set), NAME the long option's name or NULL.
 * So a replay can take the live run's -f or -o by default.  0, or -errno (-EINVAL: not a
 * recording).  getopt's state is reset (optind 0) before and after.
 */
int recfile_recorded_opts(const char *path, const char *optstring, const struct option *longopts,
			  void (*fn)(int c, const char *name, void *ctx), void *ctx);
