// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libFuzzer target for every syscall decoder over hostile tracee memory.  The input chooses a
 * syscall, its six arguments (each raw, or a pointer into the input's memory image), its
 * result, and the printing options; the rest of the input is the tracee's memory, mapped at
 * BASE, and every read outside it fails as an unmapped page would.  The decoder runs at entry
 * and exit, then its text goes through the --json reader.  Besides ASan/UBSan findings, the
 * target traps if any byte of the text is a control character or not ASCII: tracee bytes must
 * never reach the output raw.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "strace-lite/decode/decode.h"
#include "common/json.h"

#define BASE 0x10000000ull

static const uint8_t *mem;
static size_t memlen;

static int fuzz_read(struct dctx *c, uint64_t addr, void *buf, size_t len)
{
	if (addr < BASE || addr - BASE > memlen || len > memlen - (addr - BASE))
		return -EFAULT;
	memcpy(buf, mem + (addr - BASE), len);
	return 0;
}

static void check_text(const struct strbuf *sb)
{
	for (size_t i = 0; i < sb->len; i++) {
		unsigned char ch = (unsigned char)sb->s[i];
		if ((ch < 0x20 && ch != '\n') || ch >= 0x7f)
			__builtin_trap();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum { HDR = 64 };
	struct strbuf sb = { 0 }, js = { 0 };
	struct dctx c = { 0 };
	uint64_t raw[6];
	uint16_t scno;
	uint8_t flags;
	int64_t rval;

	if (size < HDR)
		return 0;
	memcpy(&scno, data, 2);
	flags = data[2];
	memcpy(raw, data + 8, sizeof(raw));
	memcpy(&rval, data + 56, sizeof(rval));
	mem = data + HDR;
	memlen = size - HDR;

	c.se = sysent_get(scno % nsyscalls);
	if (!c.se)
		return 0;
	struct print_opts po = { .max_strlen = 1 + (flags & 0x3f), .xflag = (flags >> 6) % 3,
				 .xstyle = (data[3] & 3) % 3 };
	print_opts_set(&po);
	dopts.verbose = data[3] & 4;
	dopts.decode_fds = 0; /* no /proc look-ups: there is no tracee */
	dopts.decode_pids = 0;
	c.sb = &sb;
	c.scno = scno % nsyscalls;
	c.read = fuzz_read;
	for (int i = 0; i < 6; i++)
		/* Odd values stay raw; even ones point into the memory image (or just past it). */
		c.arg[i] = (raw[i] & 1) || !memlen ? raw[i] >> 1 : BASE + (raw[i] >> 1) % (memlen + 1);

	int r = c.se->func ? c.se->func(&c) : decode_generic(&c);
	if (!(r & RVAL_DECODED)) {
		c.exiting = true;
		if (data[4] & 1) {
			c.err = 1 + data[5] % 133;
			c.rval = -1;
		} else {
			c.rval = rval % (int64_t)(memlen + 2);
		}
		if (c.se->func)
			c.se->func(&c);
		else
			decode_generic(&c);
	}
	check_text(&sb);
	json_put_args(&js, sb.s ? sb.s : "", sb.len);
	check_text(&js);
	sb_free(&sb);
	sb_free(&js);
	return 0;
}
