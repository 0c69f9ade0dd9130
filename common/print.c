// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * strace's quoting rules, which users' eyes and scripts depend on: "\t\n\v\f\r\"\\" as C escapes,
 * other non-printables in the shortest octal that cannot run into a following digit, and with
 * -x/-xx hex instead.  Flags print in table order, unknown bits last as one hex number.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "common/print.h"

static struct print_opts popts = { .max_strlen = 32 };

const struct print_opts *print_opts_get(void)
{
	return &popts;
}

void print_opts_set(const struct print_opts *o)
{
	popts = *o;
}

static bool is_print(unsigned char c)
{
	return c >= ' ' && c < 0x7f;
}

static void put_hex(struct strbuf *sb, unsigned char c)
{
	static const char hex[] = "0123456789abcdef";
	char b[4] = { '\\', 'x', hex[c >> 4], hex[c & 15] };

	sb_write(sb, b, 4);
}

int quote_string(struct strbuf *sb, const void *str, size_t size, unsigned int style)
{
	return quote_string_ex(sb, str, size, style, NULL);
}

int quote_string_ex(struct strbuf *sb, const void *str, size_t size, unsigned int style,
		    const char *escape)
{
	const unsigned char *s = str;
	int eol = (style & QUOTE_0_TERMINATED) ? 0 : 0x100;
	enum xflag xf = (style & QUOTE_FORCE_HEX) ? XFLAG_ALL : print_opts_get()->xflag;
	bool usehex = xf == XFLAG_ALL;
	size_t i;

	if (xf == XFLAG_NON_ASCII) {
		for (i = 0; i < size; i++) {
			unsigned c = s[i];
			if ((int)c == eol)
				break;
			if (c > 0x7e || (c < ' ' && c - 9 >= 5)) {
				usehex = true;
				break;
			}
		}
	}
	if (!(style & QUOTE_OMIT_QUOTES))
		sb_putc(sb, '"');
	for (i = 0; i < size; i++) {
		unsigned c = s[i];
		if ((int)c == eol)
			goto ended;
		if (usehex) {
			put_hex(sb, (unsigned char)c);
			continue;
		}
		if (i == size - 1 && (style & QUOTE_OMIT_TRAILING_0) && c == 0)
			goto ended;
		switch (c) {
		case '"':
		case '\\':
			sb_putc(sb, '\\');
			sb_putc(sb, (char)c);
			break;
		case '\f': sb_puts(sb, "\\f"); break;
		case '\n': sb_puts(sb, "\\n"); break;
		case '\r': sb_puts(sb, "\\r"); break;
		case '\t': sb_puts(sb, "\\t"); break;
		case '\v': sb_puts(sb, "\\v"); break;
		default:
			if (is_print((unsigned char)c) && !(escape && strchr(escape, (int)c))) {
				sb_putc(sb, (char)c);
			} else if (xf == XFLAG_NON_ASCII || xf == XFLAG_NON_ASCII_CHARS) {
				put_hex(sb, (unsigned char)c);
			} else {
				/* Three digits when a digit follows, else the shortest form. */
				bool full = i + 1 < size && s[i + 1] >= '0' && s[i + 1] <= '7';
				char b[5];
				int n = 0;
				b[n++] = '\\';
				if (full || (c >> 3)) {
					if (full || (c >> 6))
						b[n++] = (char)('0' + (c >> 6));
					b[n++] = (char)('0' + ((c >> 3) & 7));
				}
				b[n++] = (char)('0' + (c & 7));
				sb_write(sb, b, (size_t)n);
			}
		}
	}
	if (!(style & QUOTE_OMIT_QUOTES))
		sb_putc(sb, '"');
	return (style & (QUOTE_0_TERMINATED | QUOTE_EXPECT_TRAILING_0)) ? 1 : 0;
ended:
	if (!(style & QUOTE_OMIT_QUOTES))
		sb_putc(sb, '"');
	return 0;
}

void print_quoted_buf(struct strbuf *sb, const void *s, size_t fetched, uint64_t len)
{
	size_t n = fetched;

	if (n > print_opts_get()->max_strlen)
		n = print_opts_get()->max_strlen;
	quote_string(sb, s, n, 0);
	if (len > print_opts_get()->max_strlen)
		sb_puts(sb, "...");
}

void print_comment(struct strbuf *sb, const char *text)
{
	if (text && *text)
		sb_printf(sb, " /* %s */", text);
}

void print_xlat_val(struct strbuf *sb, uint64_t val)
{
	if (val)
		sb_printf(sb, "%#" PRIx64, val);
	else
		sb_putc(sb, '0');
}

const char *xlat_lookup(const struct xlat *x, uint64_t val)
{
	for (; x && x->str; x++)
		if (x->val == val)
			return x->str;
	return NULL;
}

int xlat_find(const struct xlat *x, const char *name, uint64_t *val)
{
	for (; x && x->str; x++)
		if (!strcmp(x->str, name)) {
			*val = x->val;
			return 0;
		}
	return -2; /* -ENOENT */
}

void print_xlat_named(struct strbuf *sb, uint64_t val, const char *name)
{
	switch (print_opts_get()->xstyle) {
	case XSTYLE_ABBREV:
		if (name) {
			sb_puts(sb, name);
			break;
		}
		/* fall through */
	case XSTYLE_RAW:
		print_xlat_val(sb, val);
		break;
	case XSTYLE_VERBOSE:
		print_xlat_val(sb, val);
		print_comment(sb, name);
		break;
	}
}

bool print_xval(struct strbuf *sb, const struct xlat *x, uint64_t val, const char *dflt)
{
	const char *str = print_opts_get()->xstyle == XSTYLE_RAW ? NULL : xlat_lookup(x, val);

	if (print_opts_get()->xstyle == XSTYLE_RAW) {
		print_xlat_val(sb, val);
		return false;
	}
	if (str && print_opts_get()->xstyle == XSTYLE_ABBREV) {
		sb_puts(sb, str);
		return true;
	}
	print_xlat_val(sb, val);
	print_comment(sb, str ? str : dflt);
	return str != NULL;
}

bool print_xval_d(struct strbuf *sb, const struct xlat *x, uint64_t val, const char *dflt)
{
	const char *str = print_opts_get()->xstyle == XSTYLE_RAW ? NULL : xlat_lookup(x, val);

	if (str && print_opts_get()->xstyle == XSTYLE_ABBREV) {
		sb_puts(sb, str);
		return true;
	}
	sb_printf(sb, "%" PRIu64, val);
	if (print_opts_get()->xstyle == XSTYLE_RAW)
		return false;
	print_comment(sb, str ? str : dflt);
	return str != NULL;
}

int print_flags(struct strbuf *sb, const struct xlat *x, uint64_t flags, const char *dflt)
{
	bool verbose = print_opts_get()->xstyle == XSTYLE_VERBOSE;
	int n = 0;

	if (print_opts_get()->xstyle == XSTYLE_RAW) {
		if (flags || dflt)
			print_xlat_val(sb, flags);
		return 0;
	}
	if (verbose && flags)
		print_xlat_val(sb, flags);
	for (; x && x->str && (flags || !n); x++) {
		uint64_t v = x->val;
		if (flags == v || (v && (flags & v) == v)) {
			if (verbose && !flags)
				sb_putc(sb, '0');
			if (n++)
				sb_putc(sb, '|');
			else if (verbose)
				sb_puts(sb, " /* ");
			sb_puts(sb, x->str);
			flags &= ~v;
		}
		if (!flags)
			break;
	}
	if (n) {
		if (flags) {
			sb_putc(sb, '|');
			print_xlat_val(sb, flags);
			n++;
		}
		if (verbose)
			sb_puts(sb, " */");
	} else if (flags) {
		if (!verbose)
			print_xlat_val(sb, flags);
		print_comment(sb, dflt);
	} else if (dflt) {
		sb_putc(sb, '0');
	}
	return n;
}

static const char *const signames[] = {
	"0",	   "SIGHUP",  "SIGINT",	   "SIGQUIT", "SIGILL",	  "SIGTRAP",   "SIGABRT",
	"SIGBUS",  "SIGFPE",  "SIGKILL",   "SIGUSR1", "SIGSEGV",  "SIGUSR2",   "SIGPIPE",
	"SIGALRM", "SIGTERM", "SIGSTKFLT", "SIGCHLD", "SIGCONT",  "SIGSTOP",   "SIGTSTP",
	"SIGTTIN", "SIGTTOU", "SIGURG",	   "SIGXCPU", "SIGXFSZ",  "SIGVTALRM", "SIGPROF",
	"SIGWINCH", "SIGIO",  "SIGPWR",	   "SIGSYS",  "SIGRTMIN",
};

const char *signame(int sig)
{
	static __thread char buf[16];

	if (sig <= 0)
		return NULL;
	if ((unsigned)sig < sizeof(signames) / sizeof(signames[0]))
		return signames[sig];
	if (sig <= 64) {
		snprintf(buf, sizeof(buf), "SIGRT_%d", sig - 32);
		return buf;
	}
	return NULL;
}
