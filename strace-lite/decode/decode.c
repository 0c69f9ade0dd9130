// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The helpers of decode.h and the generic decoder, which prints any syscall from its argument
 * kinds in the signature table.  Most syscalls need nothing more; the C decoders in the other
 * files of decode/ and its folders exist only for what a kind cannot say (execve's arrays, open's mode
 * that exists only with O_CREAT, ...).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/log.h"
#include "common/proc.h"
#include "strace-lite/decode/decode.h"

struct decode_opts dopts;

int umoven(struct dctx *c, uint64_t addr, size_t len, void *buf)
{
	if (!c->read)
		return -EIO;
	return c->read(c, addr, buf, len);
}

/*
 * Page by page, so that a string ending just before an unreadable page still reads; one that
 * reaches such a page before its NUL (and before LEN) fails, as strace's umovestr does: what
 * follows the hole is not the string's, and the caller prints the address.
 */
int umovestr(struct dctx *c, uint64_t addr, size_t len, char *buf)
{
	int (*rd)(struct dctx *, uint64_t, void *, size_t) = c->read_str ? c->read_str : c->read;
	size_t done = 0;

	if (!rd)
		return -EIO;
	while (done < len) {
		size_t chunk = 4096 - ((addr + done) & 4095);
		if (chunk > len - done)
			chunk = len - done;
		int rc = rd(c, addr + done, buf + done, chunk);
		if (rc < 0) {
			/* Memory that ends in the middle of the string: reported, as strace
			 * does (a capture says -EFAULT only where the kernel found it so, not
			 * where it was cut short on purpose). */
			if (done && (rc == -EFAULT || rc == -EIO))
				log_error("umovestr: short read (%zu < %zu) @%#" PRIx64 ": %s", done,
					  len, addr, strerror(-rc));
			return rc;
		}
		if (memchr(buf + done, '\0', chunk))
			return 1;
		done += chunk;
	}
	return 0;
}

bool (*syscall_verbose_hook)(long scno);

bool syscall_verbose(const struct dctx *c)
{
	return !syscall_verbose_hook || syscall_verbose_hook(c->scno);
}

bool umoven_or_printaddr(struct dctx *c, uint64_t addr, size_t len, void *buf)
{
	if (!addr) {
		tprints(c, "NULL");
		return true;
	}
	if (!syscall_verbose(c) || (c->exiting && syserror(c)) || umoven(c, addr, len, buf) < 0) {
		printaddr(c, addr);
		return true;
	}
	return false;
}

bool umoven_or_printaddr_ignore_syserror(struct dctx *c, uint64_t addr, size_t len, void *buf)
{
	if (!addr) {
		tprints(c, "NULL");
		return true;
	}
	if (!syscall_verbose(c) || umoven(c, addr, len, buf) < 0) {
		printaddr(c, addr);
		return true;
	}
	return false;
}

long umoven_fdset(struct dctx *c, uint64_t addr, size_t len, void *buf)
{
	int rc = umoven(c, addr, len, buf);
	size_t got = 0;

	if (!rc || !c->read_str)
		return rc ? rc : (long)len;
	while (got + 64 <= len && !umoven(c, addr + got, 64, (char *)buf + got))
		got += 64;
	return got ? (long)got : rc;
}

void tprints(struct dctx *c, const char *s)
{
	sb_puts(c->sb, s);
}

void tprintf(struct dctx *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(c->sb, fmt, ap);
	va_end(ap);
}

void tprint_field(struct dctx *c, const char *name)
{
	sb_puts(c->sb, name);
	sb_putc(c->sb, '=');
}

void printaddr(struct dctx *c, uint64_t addr)
{
	if (addr)
		tprintf(c, "%#" PRIx64, addr);
	else
		tprints(c, "NULL");
}

ssize_t (*tracee_readlink_hook)(struct dctx *c, const char *link, char *buf, size_t len);
int (*tracee_deleted_hook)(struct dctx *c, const char *link);

ssize_t tracee_readlink(struct dctx *c, const char *link, char *buf, size_t len)
{
	if (tracee_readlink_hook)
		return tracee_readlink_hook(c, link, buf, len);
	return readlink(link, buf, len);
}

/* "<target>" of the /proc symlink LINK, as -y prints it; nothing if it cannot be read. */
static void print_link_target(struct dctx *c, const char *link, bool strip_deleted)
{
	char path[PATH_MAX + 1];
	ssize_t n = tracee_readlink(c, link, path, sizeof(path) - 1);

	if (n < 0)
		return;
	path[n] = '\0';
	bool deleted = strip_deleted && n > 10 && !strcmp(path + n - 10, " (deleted)");
	struct stat st_link, st_path;
	int known = deleted && tracee_deleted_hook ? tracee_deleted_hook(c, link) : -1;
	/* As strace: a file really named "... (deleted)" is the descriptor's own file. */
	if (known >= 0)
		deleted = known;
	else if (deleted && !stat(link, &st_link) && !lstat(path, &st_path) &&
		 st_link.st_ino == st_path.st_ino && st_link.st_dev == st_path.st_dev)
		deleted = false;
	if (deleted)
		path[n - 10] = '\0';
	sb_putc(c->sb, '<');
	quote_string_ex(c->sb, path, strlen(path), QUOTE_OMIT_QUOTES, "<>");
	sb_putc(c->sb, '>');
	if (deleted)
		tprints(c, "(deleted)");
}

void printfd(struct dctx *c, int fd)
{
	printfd_pid(c, c->pid, fd);
}

void printfd_pid(struct dctx *c, int pid, int fd)
{
	char link[64];

	tprintf(c, "%d", fd);
	if (!dopts.decode_fds || fd < 0 || pid <= 0)
		return;
	snprintf(link, sizeof(link), "/proc/%d/fd/%d", proc_pid(pid), fd);
	/* -yy: sockets (and the like) described by sockdiag.c, when it can. */
	if ((dopts.decode_fds & ~DECODE_FD_PATH) &&
	    print_fd_details(c, fd, link))
		return;
	if (dopts.decode_fds & DECODE_FD_PATH)
		print_link_target(c, link, true);
}

/* A signed number with a name (AT_FDCWD, signals): strace prints these in decimal under -X. */
static void print_named_int(struct dctx *c, int val, const char *name)
{
	if (name && print_opts_get()->xstyle == XSTYLE_ABBREV) {
		tprints(c, name);
		return;
	}
	tprintf(c, "%d", val);
	if (name && print_opts_get()->xstyle == XSTYLE_VERBOSE)
		print_comment(c->sb, name);
}

void print_dirfd(struct dctx *c, int fd)
{
	char link[64];

	if (fd != AT_FDCWD) {
		printfd(c, fd);
		return;
	}
	print_named_int(c, fd, "AT_FDCWD");
	if ((dopts.decode_fds & DECODE_FD_PATH) && c->pid > 0) {
		/* With -y strace shows the directory AT_FDCWD stands for. */
		snprintf(link, sizeof(link), "/proc/%d/cwd", proc_pid(c->pid));
		print_link_target(c, link, false);
	}
}

void print_mode(struct dctx *c, unsigned int mode)
{
	tprintf(c, "%#03o", mode);
}

void print_signame(struct dctx *c, int sig)
{
	print_named_int(c, sig, signame(sig));
}

int printpath(struct dctx *c, uint64_t addr)
{
	char path[PATH_MAX];

	if (!addr) {
		tprints(c, "NULL");
		return -1;
	}
	int rc = umovestr(c, addr, sizeof(path), path);
	if (rc < 0) {
		printaddr(c, addr);
		return rc;
	}
	quote_string(c->sb, path, sizeof(path) - 1, QUOTE_0_TERMINATED);
	if (!rc)
		tprint_more_data_follows(c);
	return rc;
}

int printstr_upto(struct dctx *c, uint64_t addr, unsigned int len)
{
	/* One byte more than -s, to tell a string of exactly -s bytes from a longer one. */
	unsigned int fetched = print_opts_get()->max_strlen + 1;

	if (!addr) {
		tprints(c, "NULL");
		return -1;
	}
	if (fetched > len)
		fetched = len;
	char buf[fetched + 1];
	int rc = umovestr(c, addr, fetched, buf);
	if (rc < 0) {
		printaddr(c, addr);
		return rc;
	}
	unsigned int size = fetched > print_opts_get()->max_strlen ? print_opts_get()->max_strlen : fetched;
	bool more = quote_string(c->sb, buf, size, QUOTE_0_TERMINATED) &&
		    !(size < fetched && buf[size] == '\0');
	if (more && len)
		tprint_more_data_follows(c);
	return rc;
}

int printstr(struct dctx *c, uint64_t addr)
{
	return printstr_upto(c, addr, UINT_MAX);
}

int printstr_ex(struct dctx *c, uint64_t addr, uint64_t len, unsigned int style)
{
	/* One byte more than -s, to know whether there was more. */
	unsigned int size = print_opts_get()->max_strlen + 1;
	int rc;

	if (!addr) {
		tprints(c, "NULL");
		return -1;
	}
	if (size > len)
		size = (unsigned int)len;
	char buf[size + 1];
	if (style & QUOTE_0_TERMINATED)
		rc = umovestr(c, addr, size, buf);
	else
		rc = umoven(c, addr, size, buf);
	if (rc < 0) {
		printaddr(c, addr);
		return rc;
	}
	if (size > print_opts_get()->max_strlen)
		size = print_opts_get()->max_strlen;
	else
		buf[size] = '\xff';
	if ((style & (QUOTE_0_TERMINATED | QUOTE_EXPECT_TRAILING_0)) ==
		    (QUOTE_0_TERMINATED | QUOTE_EXPECT_TRAILING_0) &&
	    size == len && size)
		size--;
	bool more;
	if (style & (QUOTE_0_TERMINATED | QUOTE_EXPECT_TRAILING_0)) {
		more = quote_string(c->sb, buf, size, style) && len;
		/* A string that ends right after what was shown is whole. */
		if (more && (style & QUOTE_0_TERMINATED) && buf[size] == '\0')
			more = false;
	} else {
		quote_string(c->sb, buf, size, style);
		more = len > print_opts_get()->max_strlen;
	}
	if (more)
		tprint_more_data_follows(c);
	return rc;
}

void printaddr_comment(struct dctx *c, uint64_t addr)
{
	tprintf(c, " /* %#" PRIx64 " */", addr);
}

int printstrn(struct dctx *c, uint64_t addr, uint64_t len)
{
	unsigned int max = print_opts_get()->max_strlen;
	size_t size = len < max ? (size_t)len : max;
	/* As strace, one byte more than shown is read when there is more: a buffer that ends
	 * right after -s bytes (the next page unmapped) prints as its address. */
	size_t fetch = len > max ? (size_t)max + 1 : size;
	char buf[fetch + 1];

	if (!addr) {
		tprints(c, "NULL");
		return -1;
	}
	int rc = umoven(c, addr, fetch, buf);
	if (rc < 0) {
		printaddr(c, addr);
		return rc;
	}
	quote_string(c->sb, buf, size, 0);
	if (len > max)
		tprint_more_data_follows(c);
	return 0;
}

void printflags(struct dctx *c, const struct xlat *x, uint64_t val, const char *dflt)
{
	print_flags(c->sb, x, val, dflt);
}

void printxval(struct dctx *c, const struct xlat *x, uint64_t val, const char *dflt)
{
	print_xval(c->sb, x, val, dflt);
}

void printnum_int(struct dctx *c, uint64_t addr, const char *fmt)
{
	int v;

	if (umove_or_printaddr(c, addr, &v))
		return;
	tprints(c, "[");
	tprintf(c, fmt, v);
	tprints(c, "]");
}

void printnum_int64(struct dctx *c, uint64_t addr, const char *fmt)
{
	uint64_t v;

	if (umove_or_printaddr(c, addr, &v))
		return;
	tprints(c, "[");
	tprintf(c, fmt, v);
	tprints(c, "]");
}

static bool is_out_kind(int kind)
{
	return kind == AK_OBUF || kind == AK_OUT || kind == AK_INOUT;
}

static uint64_t buf_size(struct dctx *c, const struct sysarg *a)
{
	if (a->size_arg == ARG_SIZE_RET)
		return (uint64_t)c->rval;
	if (a->size_arg >= 0 && a->size_arg < 6)
		return c->arg[a->size_arg];
	if (ARG_SIZE_IS_DEREF(a->size_arg)) {
		int len;
		if (umove(c, c->arg[a->size_arg - 8], &len) < 0 || len < 0)
			return 0;
		return (uint64_t)len;
	}
	return 0;
}

void print_arg(struct dctx *c, int i)
{
	const struct sysarg *a = &c->se->args[i];
	uint64_t v = c->arg[i];

	switch (a->kind) {
	case AK_RAW: tprintf(c, "%#" PRIx64, v); break;
	case AK_D: tprintf(c, "%d", (int)v); break;
	case AK_LD: tprintf(c, "%" PRId64, (int64_t)v); break;
	case AK_U: tprintf(c, "%u", (unsigned)v); break;
	case AK_LU: tprintf(c, "%" PRIu64, v); break;
	case AK_X: tprintf(c, "%#x", (unsigned)v); break;
	case AK_LX: tprintf(c, "%#" PRIx64, v); break;
	case AK_O: tprintf(c, "%#o", (unsigned)v); break;
	case AK_MODE: print_mode(c, (unsigned short)v); break;
	case AK_PTR: printaddr(c, v); break;
	case AK_FD: printfd(c, (int)v); break;
	case AK_ATFD: print_dirfd(c, (int)v); break;
	case AK_PATH:
	case AK_TARGET: printpath(c, v); break;
	case AK_STR: printstr(c, v); break;
	case AK_SIG: print_signame(c, (int)v); break;
	case AK_TID: printpid(c, (int)v, PT_TID); break;
	case AK_TGID: printpid(c, (int)v, PT_TGID); break;
	case AK_PGID: printpid(c, (int)v, PT_PGID); break;
	case AK_FLAGS: printflags(c, a->xlat, (unsigned)v, a->dflt); break;
	case AK_LFLAGS: printflags(c, a->xlat, v, a->dflt); break;
	case AK_ENUM: printxval(c, a->xlat, (unsigned)v, a->dflt); break;
	case AK_IBUF: printstrn(c, v, buf_size(c, a)); break;
	case AK_OBUF:
		if (syserror(c))
			printaddr(c, v);
		else
			printstrn(c, v, buf_size(c, a));
		break;
	case AK_IN:
	case AK_OUT:
	case AK_INOUT:
		if (!a->print || (c->exiting && syserror(c) && a->kind == AK_OUT))
			printaddr(c, v);
		else
			a->print(c, v);
		break;
	default: tprintf(c, "%#" PRIx64, v); break;
	}
}

int decode_generic(struct dctx *c)
{
	const struct sysent *se = c->se;
	int i = entering(c) ? 0 : c->next_arg;

	bool resumed = !entering(c);

	/* As strace: the separator before the first out argument is printed at entry. */
	for (; i < se->nargs; i++) {
		if (i && !resumed)
			tprint_arg_next(c);
		resumed = false;
		if (entering(c) && is_out_kind(se->args[i].kind)) {
			c->next_arg = i;
			return 0;
		}
		print_arg(c, i);
	}
	return RVAL_DECODED;
}

int printargs(struct dctx *c)
{
	for (int i = 0; i < c->se->nargs; i++) {
		if (i)
			tprint_arg_next(c);
		tprintf(c, "%#" PRIx64, c->arg[i]);
	}
	return RVAL_DECODED;
}
