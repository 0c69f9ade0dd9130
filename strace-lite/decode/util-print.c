// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Printers the file and descriptor decoders share (see util-print.h).  They mirror strace's
 * sprintflags_ex(), print_symbolic_mode_t(), print_dev_t(), sprinttime_nsec() and
 * printpathn(), whose exact output under each -X style users and scripts rely on.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "strace-lite/decode/util-print.h"

/* Append to a bounded static buffer; output past the end is dropped, never overrun. */
struct textbuf {
	char *p;
	size_t len, cap;
};

static void tb_puts(struct textbuf *tb, const char *s)
{
	size_t n = strlen(s);

	if (tb->len + n >= tb->cap)
		n = tb->cap - 1 - tb->len;
	memcpy(tb->p + tb->len, s, n);
	tb->len += n;
	tb->p[tb->len] = '\0';
}

static void tb_putc(struct textbuf *tb, char ch)
{
	char s[2] = { ch, '\0' };

	tb_puts(tb, s);
}

static void tb_val(struct textbuf *tb, uint64_t val)
{
	char s[24];

	if (val)
		snprintf(s, sizeof(s), "%#" PRIx64, val);
	else
		strcpy(s, "0");
	tb_puts(tb, s);
}

const char *sprint_flags_ex(const char *prefix, const struct xlat *x, uint64_t flags, char sep,
			    enum xlat_style style, bool auxstr)
{
	return sprint_flags_ex2(prefix, x, NULL, flags, sep, style, auxstr);
}

const char *sprint_flags_ex2(const char *prefix, const struct xlat *x, const struct xlat *x2,
			     uint64_t flags, char sep, enum xlat_style style, bool auxstr)
{
	static char out[1024];
	struct textbuf tb = { out, 0, sizeof(out) };
	bool verbose = style == XSTYLE_VERBOSE && !auxstr;
	bool found = false;

	out[0] = '\0';
	tb_puts(&tb, prefix);
	if (style == XSTYLE_RAW) {
		if (!flags || (auxstr && !sep))
			return NULL;
		if (sep)
			tb_putc(&tb, sep);
		tb_val(&tb, flags);
		return out;
	}
	if (!flags && x && x->str && x->val == 0) {
		if (sep)
			tb_putc(&tb, sep);
		if (verbose) {
			tb_puts(&tb, "0 /* ");
			tb_puts(&tb, x->str);
			tb_puts(&tb, " */");
		} else {
			tb_puts(&tb, x->str);
		}
		return out;
	}
	if (verbose && flags) {
		if (sep) {
			tb_putc(&tb, sep);
			sep = '\0';
		}
		tb_val(&tb, flags);
	}
	for (int t = 0; t < 2; t++, x = x2) {
		for (; flags && x && x->str; x++) {
			if (!x->val || (flags & x->val) != x->val)
				continue;
			if (sep)
				tb_putc(&tb, sep);
			else if (verbose)
				tb_puts(&tb, " /* ");
			tb_puts(&tb, x->str);
			found = true;
			sep = '|';
			flags &= ~x->val;
		}
	}
	if (flags) {
		if (sep)
			tb_putc(&tb, sep);
		if (found || (style != XSTYLE_VERBOSE && (!auxstr || sep)))
			tb_val(&tb, flags);
	} else if (!found) {
		return NULL;
	}
	if (found && verbose)
		tb_puts(&tb, " */");
	return tb.len ? out : NULL;
}

const char *sprint_flags(const char *prefix, const struct xlat *x, uint64_t flags)
{
	return sprint_flags_ex(prefix, x, flags, '\0', print_opts_get()->xstyle, true);
}

void print_flags_str(struct dctx *c, uint64_t val, const char *str)
{
	print_xlat_named(c->sb, val, str);
}

void print_symbolic_mode(struct dctx *c, unsigned int mode)
{
	const char *ifmt = "";

	if (mode & S_IFMT)
		ifmt = xlat_lookup(xlat_modetypes, mode & S_IFMT);
	if (!ifmt || print_opts_get()->xstyle != XSTYLE_ABBREV)
		tprintf(c, "%#03o", mode);
	if (!ifmt || print_opts_get()->xstyle == XSTYLE_RAW)
		return;
	tprints(c, print_opts_get()->xstyle == XSTYLE_ABBREV ? "" : " /* ");
	tprintf(c, "%s%s%s%s%s%#03o", ifmt, ifmt[0] ? "|" : "",
		(mode & S_ISUID) ? "S_ISUID|" : "", (mode & S_ISGID) ? "S_ISGID|" : "",
		(mode & S_ISVTX) ? "S_ISVTX|" : "",
		mode & ~(unsigned)(S_IFMT | S_ISUID | S_ISGID | S_ISVTX));
	if (print_opts_get()->xstyle != XSTYLE_ABBREV)
		tprints(c, " */");
}

void print_dev(struct dctx *c, uint64_t dev)
{
	if (print_opts_get()->xstyle != XSTYLE_ABBREV)
		print_xlat_val(c->sb, dev);
	if (print_opts_get()->xstyle == XSTYLE_RAW)
		return;
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		tprints(c, " /* ");
	tprints(c, "makedev(");
	print_xlat_val(c->sb, major(dev));
	tprints(c, ", ");
	print_xlat_val(c->sb, minor(dev));
	tprints(c, ")");
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		tprints(c, " */");
}

const char *sprint_date(int64_t sec, uint64_t part, unsigned int width)
{
	static char buf[128];
	uint64_t max = width == 6 ? 999999 : width == 0 ? 0 : 999999999;
	struct tm tm;
	time_t t = (time_t)sec;

	if ((sec == 0 && part == 0) || part > max || !localtime_r(&t, &tm))
		return NULL;
	size_t pos = strftime(buf, sizeof(buf), "%FT%T", &tm);
	if (!pos)
		return NULL;
	if (part)
		pos += (size_t)snprintf(buf + pos, sizeof(buf) - pos, ".%0*" PRIu64, (int)width,
					part);
	if (!strftime(buf + pos, sizeof(buf) - pos, "%z", &tm))
		return NULL;
	return buf;
}

void print_time_comment(struct dctx *c, int64_t sec, uint64_t nsec)
{
	const char *s = sprint_date(sec, nsec, 9);

	if (s)
		print_comment(c->sb, s);
}

int printpathn(struct dctx *c, uint64_t addr, unsigned int n)
{
	char path[PATH_MAX + 1];

	if (!addr) {
		tprints(c, "NULL");
		return -1;
	}
	if (n > PATH_MAX - 1)
		n = PATH_MAX - 1;
	/* One byte more, to tell a path of exactly N bytes from a longer one. */
	int rc = umovestr(c, addr, n + 1, path);
	if (rc < 0) {
		printaddr(c, addr);
		return rc;
	}
	path[n] = '\0';
	quote_string(c->sb, path, n + 1, QUOTE_0_TERMINATED);
	if (!rc)
		tprint_more_data_follows(c);
	return rc;
}


void print_clock_t(struct dctx *c, uint64_t val)
{
	static long tck;
	static int width;

	if (!tck) {
		tck = sysconf(_SC_CLK_TCK);
		if (tck <= 0)
			tck = -1;
		for (long t = tck; t >= 10 && width < 9; t /= 10)
			width++;
	}
	tprintf(c, "%" PRIu64, val);
	if (print_opts_get()->xstyle == XSTYLE_RAW || tck <= 0 || val == 0)
		return;
	char frac[32];
	snprintf(frac, sizeof(frac), "%.*f", width, (double)(val % (uint64_t)tck) / (double)tck);
	/* frac is "0.NN": keep the part from the point on after the whole seconds */
	tprintf(c, " /* %" PRIu64 "%s s */", val / (uint64_t)tck, frac + 1);
}

void print_ticks(struct dctx *c, uint64_t val, uint64_t freq, unsigned int precision)
{
	tprintf(c, "%" PRIu64, val);
	if (print_opts_get()->xstyle == XSTYLE_RAW || !freq || !val)
		return;
	tprintf(c, " /* %" PRIu64 ".%0*" PRIu64 " s */", val / freq, (int)precision, val % freq);
}

void print_ticks_d(struct dctx *c, int64_t val, uint64_t freq, unsigned int precision)
{
	uint64_t mag = val < 0 ? -(uint64_t)val : (uint64_t)val;

	tprintf(c, "%" PRId64, val);
	if (print_opts_get()->xstyle == XSTYLE_RAW || freq <= 1 || !val)
		return;
	tprintf(c, " /* %s%" PRIu64 ".%0*" PRIu64 " s */", val < 0 ? "-" : "", mag / freq,
		(int)precision, mag % freq);
}

void printxval_signed(struct dctx *c, const struct xlat *x, int64_t v, const char *dflt)
{
	const char *name = xlat_lookup(x, (uint64_t)v);
	enum xlat_style st = print_opts_get()->xstyle;

	if (name && st == XSTYLE_ABBREV) {
		tprints(c, name);
		return;
	}
	tprintf(c, "%" PRId64, v);
	if (st != XSTYLE_RAW)
		print_comment(c->sb, name ? name : dflt);
}

/* The non-zero bytes of a struct tail the kernel does not know, as strace shows them. */
bool print_nonzero_tail(struct dctx *c, const char *prefix, uint64_t addr, size_t from,
			       size_t to)
{
	unsigned char buf[4096];

	if (to > sizeof(buf))
		to = sizeof(buf);
	if (to <= from)
		return false;
	if (umoven(c, addr + from, to - from, buf) < 0) {
		tprints(c, prefix);
		tprints(c, "???");
		return true;
	}
	size_t n = to - from;
	while (n && !buf[n - 1])
		n--;
	if (!n)
		return false;
	tprints(c, prefix);
	tprintf(c, "/* bytes %zu..%zu */ ", from, to - 1);
	quote_string(c->sb, buf, to - from, QUOTE_FORCE_HEX);
	return true;
}

bool mem_all_zero(const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++)
		if (b[i])
			return false;
	return true;
}

void print_uid(struct dctx *c, unsigned int id)
{
	if (id == (unsigned int)-1)
		tprints(c, "-1");
	else
		tprintf(c, "%u", id);
}

void print_u32_ref(struct dctx *c, uint64_t addr, const struct xlat *x, bool flags,
		   const char *dflt)
{
	uint32_t v;

	if (umove_or_printaddr(c, addr, &v))
		return;
	tprints(c, "[");
	if (flags)
		printflags(c, x, v, dflt);
	else
		printxval(c, x, v, dflt);
	tprints(c, "]");
}
