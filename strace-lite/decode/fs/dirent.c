// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * getdents64 and getdents: the buffer the kernel filled with variable-length directory
 * entries.  strace prints it only at exit, and by default only as its address followed by a
 * count ("0x... /\* 5 entries *\/"); -v prints every entry.  Each entry's d_reclen is checked
 * against what is left of the returned length, so a lying tracee cannot walk us out of it.
 */
#include <inttypes.h>
#include <stddef.h>

#include "strace-lite/decode/util-print.h"

#define D_NAME_LEN_MAX 256

struct dirent64_k {
	uint64_t d_ino;
	int64_t d_off;
	uint16_t d_reclen;
	uint8_t d_type;
} __attribute__((packed));

struct dirent_k {
	uint64_t d_ino;
	uint64_t d_off;
	uint16_t d_reclen;
} __attribute__((packed));

/* The fixed part of each format: its size and how its tail (name, type) prints. */
struct dent_fmt {
	unsigned int header_size;
	int (*tail)(struct dctx *c, uint64_t addr, const void *head, unsigned int tail_len);
};

static void print_head(struct dctx *c, uint64_t ino, uint64_t off, unsigned int reclen)
{
	tprintf(c, "{d_ino=%" PRIu64 ", d_off=%" PRIu64 ", d_reclen=%u", ino, off, reclen);
}

/* ", d_name=..." for a name field of NAME_LEN bytes (with its NUL); nothing when empty. */
static int print_d_name(struct dctx *c, uint64_t addr, unsigned int name_len)
{
	if (!name_len)
		return 0;
	if (name_len > D_NAME_LEN_MAX)
		name_len = D_NAME_LEN_MAX;
	tprint_next_field(c, "d_name");
	return printpathn(c, addr, name_len - 1);
}

static int tail64(struct dctx *c, uint64_t addr, const void *head, unsigned int name_len)
{
	const struct dirent64_k *d = head;

	tprint_next_field(c, "d_type");
	printxval(c, xlat_dirent_types, d->d_type, "DT_???");
	int rc = print_d_name(c, addr, name_len);
	tprint_struct_end(c);
	return rc;
}

/* The old format keeps d_type in the last byte of the record, after the name. */
static int tail32(struct dctx *c, uint64_t addr, const void *head, unsigned int name_type_len)
{
	int rc = 0;

	if (name_type_len) {
		rc = print_d_name(c, addr, name_type_len - 1);
		tprint_next_field(c, "d_type");
		uint8_t type;
		if (umove_or_printaddr(c, addr + name_type_len - 1, &type))
			rc = -1;
		else
			printxval(c, xlat_dirent_types, type, "DT_???");
	}
	tprint_struct_end(c);
	return rc;
}

static void decode_dents(struct dctx *c, uint64_t addr, unsigned int len,
			 const struct dent_fmt *fmt, bool is64)
{
	bool abbrev = !dopts.verbose;
	unsigned int count = 0;
	union {
		struct dirent64_k d64;
		struct dirent_k d;
	} dent;

	if (abbrev)
		printaddr(c, addr);
	for (;;) {
		if (len < fmt->header_size) {
			if (!abbrev) {
				if (!len) {
					tprint_array_begin(c);
					count++;
				} else {
					/* A fragment too short for an entry: shown as hex bytes. */
					unsigned char buf[D_NAME_LEN_MAX];
					unsigned int n = len < print_opts_get()->max_strlen ? len : print_opts_get()->max_strlen;
					if (umoven(c, addr, n, buf) < 0) {
						printaddr(c, addr);
					} else {
						quote_string(c->sb, buf, n, QUOTE_FORCE_HEX);
						if (n < len)
							tprint_more_data_follows(c);
					}
				}
			}
			break;
		}
		if (umoven(c, addr, fmt->header_size, &dent) < 0) {
			if (!abbrev) {
				if (count) {
					tprint_more_data_follows(c);
					tprintf(c, " /* %#" PRIx64 " */", addr);
				} else {
					printaddr(c, addr);
				}
			}
			break;
		}
		if (!abbrev && !count)
			tprint_array_begin(c);
		count++;

		unsigned int reclen = is64 ? dent.d64.d_reclen : dent.d.d_reclen;
		if (!abbrev) {
			if (is64)
				print_head(c, dent.d64.d_ino, (uint64_t)dent.d64.d_off, reclen);
			else
				print_head(c, dent.d.d_ino, dent.d.d_off, reclen);
		}
		uint64_t next_addr = 0;
		unsigned int next_len = 0;
		if (reclen > len) {
			tprintf(c, " /* %s%u bytes overflow */", abbrev ? "d_reclen " : "", reclen - len);
			reclen = len;
		} else if (reclen < fmt->header_size) {
			tprintf(c, " /* %s%u bytes underflow */", abbrev ? "d_reclen " : "",
				fmt->header_size - reclen);
			reclen = fmt->header_size;
			next_len = len - fmt->header_size;
		} else {
			next_len = len - reclen;
			if (next_len) {
				if (addr + reclen > addr)
					next_addr = addr + reclen;
				else
					tprints(c, " /* address overflow */");
			}
		}
		len = next_len;
		if (!abbrev) {
			int rc = fmt->tail(c, addr + fmt->header_size, &dent,
					   reclen - fmt->header_size);
			if (next_addr) {
				tprint_array_next(c);
				if (rc < 0) {
					tprint_more_data_follows(c);
					break;
				}
			}
		}
		if (!next_addr)
			break;
		addr = next_addr;
	}
	if (!abbrev) {
		if (count)
			tprint_array_end(c);
	} else {
		tprintf(c, " /* %u%s entries */", count, len ? "+" : "");
	}
}

static int xgetdents(struct dctx *c, const struct dent_fmt *fmt, bool is64)
{
	if (entering(c)) {
		printfd(c, (int)c->arg[0]);
		tprint_arg_next(c);
		return 0;
	}
	unsigned int count = (unsigned int)c->arg[2];
	if (syserror(c) || (uint64_t)c->rval > count)
		printaddr(c, c->arg[1]);
	else
		decode_dents(c, c->arg[1], (unsigned int)c->rval, fmt, is64);
	tprint_arg_next(c);
	tprintf(c, "%u", count);
	return 0;
}

SYS_FUNC(getdents64)
{
	static const struct dent_fmt fmt = { offsetof(struct dirent64_k, d_type) + 1, tail64 };

	return xgetdents(c, &fmt, true);
}

SYS_FUNC(getdents)
{
	static const struct dent_fmt fmt = { sizeof(struct dirent_k), tail32 };

	return xgetdents(c, &fmt, false);
}
