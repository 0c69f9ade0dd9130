// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), in strace's form: the request by name when the name table knows it (all names of
 * a shared request, joined by " or "; a few families whose requests carry a number or a size
 * are spelled as EVIOCGBIT(EV_KEY, 96) and the like), otherwise as
 * _IOC(dir, type, nr, size); then the argument, decoded by the request's family
 * (ioctl-FAMILY.c, chosen by the request's type byte), or as a hex number.
 */
#include <inttypes.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "common/proc.h"

#include "strace-lite/decode/ioctl/ioctl-int.h"

#define IOC_WRITE_ 1u
#define IOC_READ_ 2u

static void print_ioc(struct dctx *c, unsigned int code)
{
	bool abbrev = print_opts_get()->xstyle != XSTYLE_VERBOSE;
	struct print_opts saved = *print_opts_get(), abbr = saved;

	tprints(c, "_IOC(");
	/* In a verbose line the whole request is already a comment: no nested comments. */
	if (!abbrev) {
		abbr.xstyle = XSTYLE_ABBREV;
		print_opts_set(&abbr);
	}
	printflags(c, xlat_ioctl_dirs, IOC_DIR(code), abbrev ? "_IOC_???" : "");
	print_opts_set(&saved);
	tprintf(c, ", %#x, %#x, %#x)", IOC_TYPE(code), IOC_NR(code), IOC_SIZE(code));
}

/* The first entry of the (sorted) name table for CODE, or NULL. */
static const struct xlat *lookup_request(unsigned int code)
{
	static size_t n;
	size_t lo = 0, hi;

	if (!n)
		while (xlat_ioctl_names[n].str)
			n++;
	hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (xlat_ioctl_names[mid].val < code)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && xlat_ioctl_names[lo].val == code ? &xlat_ioctl_names[lo] : NULL;
}

/* NAME(value) for requests that carry a value: an xlat name (NAME(EV_KEY)) or a number. */
static void print_numbered(struct dctx *c, const char *name, const struct xlat *x, unsigned int v,
			   const char *dflt, bool with_size, unsigned int size)
{
	tprintf(c, "%s(", name);
	if (x && print_opts_get()->xstyle == XSTYLE_VERBOSE) {
		/* The request is already a comment: the name, or the bare number. */
		const struct xlat *e = x;

		while (e->str && e->val != v)
			e++;
		if (e->str)
			tprints(c, e->str);
		else
			tprintf(c, "%#x", v);
	} else if (x) {
		printxval(c, x, v, dflt);
	} else {
		tprintf(c, "%u", v);
	}
	if (with_size)
		tprintf(c, ", %u", size);
	tprints(c, ")");
}

static bool evdev_number(struct dctx *c, unsigned int code)
{
	static const char *const by_nr[0x1c] = {
		[0x06] = "EVIOCGNAME", [0x07] = "EVIOCGPHYS", [0x08] = "EVIOCGUNIQ",
		[0x09] = "EVIOCGPROP", [0x0a] = "EVIOCGMTSLOTS", [0x18] = "EVIOCGKEY",
		[0x19] = "EVIOCGLED", [0x1a] = "EVIOCGSND", [0x1b] = "EVIOCGSW",
	};
	unsigned int nr = IOC_NR(code);

	if (IOC_DIR(code) == IOC_WRITE_ && nr >= 0xc0 && nr < 0xc0 + 0x40) {
		print_numbered(c, "EVIOCSABS", xlat_evdev_abs, nr - 0xc0, "ABS_???", false, 0);
		return true;
	}
	if (IOC_DIR(code) != IOC_READ_)
		return false;
	if (nr >= 0x20 && nr < 0x40) {
		if (nr == 0x20)
			print_numbered(c, "EVIOCGBIT", NULL, 0, NULL, true, IOC_SIZE(code));
		else
			print_numbered(c, "EVIOCGBIT", xlat_evdev_ev, nr - 0x20, "EV_???", true,
				       IOC_SIZE(code));
		return true;
	}
	if (nr >= 0x40 && nr < 0x80) {
		print_numbered(c, "EVIOCGABS", xlat_evdev_abs, nr - 0x40, "ABS_???", false, 0);
		return true;
	}
	if (nr < sizeof(by_nr) / sizeof(by_nr[0]) && by_nr[nr]) {
		tprintf(c, "%s(%u)", by_nr[nr], IOC_SIZE(code));
		return true;
	}
	return false;
}

static bool hiddev_number(struct dctx *c, unsigned int code)
{
	const char *name = NULL;

	if (IOC_DIR(code) == IOC_READ_) {
		switch (IOC_NR(code)) {
		case 0x04: name = "HIDIOCGRAWNAME"; break;
		case 0x05: name = "HIDIOCGRAWPHYS"; break;
		case 0x06: name = "HIDIOCSFEATURE"; break;
		case 0x08: name = "HIDIOCGRAWUNIQ"; break;
		case 0x12: name = "HIDIOCGPHYS"; break;
		}
	} else if (IOC_DIR(code) == (IOC_READ_ | IOC_WRITE_)) {
		switch (IOC_NR(code)) {
		case 0x06: name = "HIDIOCSFEATURE"; break;
		case 0x07: name = "HIDIOCGFEATURE"; break;
		}
	}
	if (!name)
		return false;
	tprintf(c, "%s(%u)", name, IOC_SIZE(code));
	return true;
}

/* Requests whose name carries a number or a size; true when printed. */
static bool print_request_number(struct dctx *c, unsigned int code)
{
	unsigned int dir = IOC_DIR(code), nr = IOC_NR(code);

	switch (IOC_TYPE(code)) {
	case '!':
		if (code == ((IOC_READ_ << 30) | (8 << 16) | ('!' << 8) | 2)) {
			tprints(c, "SECCOMP_IOCTL_NOTIF_ID_VALID_WRONG_DIR");
			return true;
		}
		return false;
	case 'E':
		return evdev_number(c, code);
	case 'H':
		return hiddev_number(c, code);
	case 'M':
		if (dir != IOC_WRITE_ && dir != IOC_READ_)
			return false;
		tprintf(c, "%s(%u)", dir == IOC_WRITE_ ? "MIXER_WRITE" : "MIXER_READ", nr);
		return true;
	case 'U':
		if (dir != IOC_READ_ || nr != 0x2c)
			return false;
		tprintf(c, "UI_GET_SYSNAME(%u)", IOC_SIZE(code));
		return true;
	case 'j':
		if (dir != IOC_READ_ || nr != 0x13)
			return false;
		tprintf(c, "JSIOCGNAME(%u)", IOC_SIZE(code));
		return true;
	case 'k':
		if (dir != IOC_WRITE_ || nr != 0)
			return false;
		tprintf(c, "SPI_IOC_MESSAGE(%u)", IOC_SIZE(code));
		return true;
	default:
		return false;
	}
}

/*
 * Whether descriptor FD is a terminal: a character device of major 3..5 (the old ptys, ttys,
 * /dev/tty, the console and ptmx) or 136..143 (the Unix98 pty slaves), as strace tells them
 * (Documentation/admin-guide/devices.txt).  Its path is what the backend says (--bpf: what it
 * captured of the descriptor; a replay: what was recorded), its node stat(2)ed here, or, when
 * it is gone, its name.
 */
static bool fd_is_tty(struct dctx *c, int fd)
{
	char link[64], path[PATH_MAX + 1];
	struct stat st;
	ssize_t n;

	if (fd < 0 || c->pid <= 0)
		return false;
	snprintf(link, sizeof(link), "/proc/%d/fd/%d", proc_pid(c->pid), fd);
	n = tracee_readlink(c, link, path, sizeof(path) - 1);
	if (n <= 0 || path[0] != '/')
		return false;
	path[n] = '\0';
	/* Gone by now (a replay; a pty closed since): by its name, as the kernel names them. */
	if (stat(path, &st))
		return !strncmp(path, "/dev/pts/", 9) || !strncmp(path, "/dev/tty", 8) ||
		       !strcmp(path, "/dev/console") || !strcmp(path, "/dev/ptmx");
	if (!S_ISCHR(st.st_mode))
		return false;
	unsigned int maj = major(st.st_rdev);
	return (maj >= 3 && maj <= 5) || (maj >= 136 && maj <= 143);
}

/* The name of a request 0x5401..0x5408 (shared by the terminal and OSS sound) when the
 * descriptor is a terminal, else NULL: strace 7.2 names only the terminal's then. */
static const char *overlapping_request(struct dctx *c, unsigned int code)
{
	if (code < 0x5401 || code > 0x5408)
		return NULL;
	const char *name = xlat_lookup(xlat_term_cmds_overlapping, code);
	return name && fd_is_tty(c, (int)c->arg[0]) ? name : NULL;
}

static void print_request(struct dctx *c, unsigned int code)
{
	if (print_opts_get()->xstyle != XSTYLE_ABBREV)
		tprintf(c, "%#x", code);
	if (print_opts_get()->xstyle == XSTYLE_RAW)
		return;
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		tprints(c, " /* ");
	const char *tty_name = overlapping_request(c, code);
	if (tty_name) {
		tprints(c, tty_name);
		if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
			tprints(c, " */");
		return;
	}
	bool numbered = print_request_number(c, code);
	const struct xlat *x = lookup_request(code);

	for (int n = 0; x && x->str && x->val == code; x++, n++) {
		if (n || numbered)
			tprints(c, " or ");
		tprints(c, x->str);
	}
	if (!numbered && !lookup_request(code))
		print_ioc(c, code);
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		tprints(c, " */");
}

void ioctl_print_cstring(struct dctx *c, const char *s, size_t size)
{
	if (quote_string(c->sb, s, size - 1, QUOTE_0_TERMINATED) && s[size - 1])
		tprint_more_data_follows(c);
}

bool ioctl_array_elem(struct dctx *c, size_t i)
{
	if (i)
		tprint_array_next(c);
	if (!dopts.verbose && i >= print_opts_get()->max_strlen) {
		tprint_more_data_follows(c);
		return false;
	}
	return true;
}

void ioctl_print_nonzero_x32s(struct dctx *c, const char *name, const void *words, size_t n)
{
	const uint32_t *w = words;
	size_t i;

	for (i = 0; i < n && !w[i]; i++)
		;
	if (i == n)
		return;
	tprint_next_field(c, name);
	tprint_array_begin(c);
	for (i = 0; i < n; i++) {
		if (i)
			tprint_array_next(c);
		ioctl_print_x(c, w[i]);
	}
	tprint_array_end(c);
}

void ioctl_print_u32_array(struct dctx *c, const uint32_t *a, size_t n)
{
	tprint_array_begin(c);
	for (size_t i = 0; i < n; i++) {
		if (!ioctl_array_elem(c, i))
			break;
		tprintf(c, "%u", a[i]);
	}
	tprint_array_end(c);
}

/*
 * A request of a type no decoder knows: under -v, the IOC_SIZE bytes of the argument in hex
 * (strace 7.2), before the call when the kernel reads them, after it when it writes them, both
 * (joined by " => ") when it may do either; else, or with no size or a NULL argument, the
 * argument's value.
 */
static int unknown_type(struct dctx *c, unsigned int code, uint64_t arg)
{
	unsigned int dir = IOC_DIR(code);
	bool before = dir != IOC_READ_, after = dir != IOC_WRITE_;

	if (!dopts.verbose || !IOC_SIZE(code) || !arg)
		return RVAL_DECODED;
	if (entering(c)) {
		tprint_arg_next(c);
		if (before && printstr_ex(c, arg, IOC_SIZE(code), QUOTE_FORCE_HEX))
			return IOCTL_DECODED;
		return after ? 0 : IOCTL_DECODED;
	}
	if (before)
		tprints(c, " => ");
	printstr_ex(c, arg, IOC_SIZE(code), QUOTE_FORCE_HEX);
	return IOCTL_DECODED;
}

/* The family decoder of a request, by its type byte. */
static int decode_family(struct dctx *c, unsigned int code, uint64_t arg)
{
	switch (IOC_TYPE(code)) {
	case 'T':
		return term_ioctl(c, code, arg);
	case 0x03:
		return hdio_ioctl(c, code, arg);
	case '!':
		return seccomp_ioctl(c, code, arg);
	case '=':
		return ptp_ioctl(c, code, arg);
	case 'E':
		return evdev_ioctl(c, code, arg);
	case 0xb4:
		return gpio_ioctl(c, code, arg);
	case 0xb7:
		return nsfs_ioctl(c, code, arg);
	case 0xab:
		return nbd_ioctl(c, code, arg);
	case 'i':
		return lirc_ioctl(c, code, arg);
	case 'p':
		return rtc_ioctl(c, code, arg);
	case 'L':
		return loop_ioctl(c, code, arg);
	case 0x12:
		return block_ioctl(c, code, arg);
	case 'O':
	case 'o':
		return ubi_ioctl(c, code, arg);
	case 'M':
		return mtd_ioctl(c, code, arg);
	case 'V':
		return v4l2_ioctl(c, code, arg);
	case 'K':
		return kd_ioctl(c, code, arg);
	case 0xfd:
		return dm_ioctl(c, code, arg);
	case 0xae:
		return kvm_ioctl(c, code, arg);
	case '$':
		return perf_ioctl(c, code, arg);
	case 0xa4:
		return tee_ioctl(c, code, arg);
	case 0xaa:
		return uffdio_ioctl(c, code, arg);
	case '"':
		return scsi_ioctl(c, code, arg);
	case 0x94:
		return fs_0x94_ioctl(c, code, arg);
	case 0x89:
		return sock_ioctl(c, code, arg);
	case '>':
		return counter_ioctl(c, code, arg);
	case 'I':
		return inotify_ioctl(c, code, arg);
	case 'R':
		return random_ioctl(c, code, arg);
	case 'W':
		return watchdog_ioctl(c, code, arg);
	case 'X':
		return fs_x_ioctl(c, code, arg);
	case 'f':
		return fs_f_ioctl(c, code, arg);
	case 'u':
		return udmabuf_ioctl(c, code, arg);
	case 0x15:
		return fs_0x15_ioctl(c, code, arg);
	case 0x8a:
		return epoll_ioctl(c, code, arg);
	case 0xff:
		return pidfd_ioctl(c, code, arg);
	default:
		return unknown_type(c, code, arg);
	}
}

SYS_FUNC(ioctl)
{
	unsigned int code = (unsigned int)c->arg[1];
	uint64_t arg = c->arg[2];
	int rc;

	if (entering(c)) {
		printfd(c, (int)c->arg[0]);
		tprint_arg_next(c);
		print_request(c, code);
		rc = decode_family(c, code, arg);
	} else {
		rc = decode_family(c, code, arg) | RVAL_DECODED;
	}
	if (rc & IOCTL_DECODED)
		return (rc & ~IOCTL_DECODED) | RVAL_DECODED;
	if (rc & RVAL_DECODED) {
		tprint_arg_next(c);
		tprintf(c, "%#" PRIx64, arg);
	}
	return rc;
}
