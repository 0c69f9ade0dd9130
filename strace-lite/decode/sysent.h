/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The syscall signature table: every x86_64 syscall once, with its name, argument count, trace
 * classes, the kind of each argument and of the return value, and an optional C decoder.
 *
 * It is written as text (syscalls.in) and generated into C (gen-syscalls.awk), so one table
 * serves the ptrace decoder, the filters (-e trace=%class), the seccomp prefilter and, later,
 * the BPF backend's capture plans: what memory each argument points to, whether it is read at
 * entry or at exit and what sizes it, is stated here and nowhere else.
 */
#pragma once
#include <stdint.h>
#include "common/xlat_types.h"

struct dctx;

/* Trace classes, as strace's -e trace=%NAME. */
enum {
	TRACE_FILE = 1u << 0,
	TRACE_DESC = 1u << 1,
	TRACE_NETWORK = 1u << 2,
	TRACE_PROCESS = 1u << 3,
	TRACE_MEMORY = 1u << 4,
	TRACE_SIGNAL = 1u << 5,
	TRACE_IPC = 1u << 6,
	TRACE_CREDS = 1u << 7,
	TRACE_CLOCK = 1u << 8,
	TRACE_STAT = 1u << 9,
	TRACE_LSTAT = 1u << 10,
	TRACE_FSTAT = 1u << 11,
	TRACE_STAT_LIKE = 1u << 12,
	TRACE_STATFS = 1u << 13,
	TRACE_FSTATFS = 1u << 14,
	TRACE_STATFS_LIKE = 1u << 15,
	TRACE_PURE = 1u << 16,
	/* Not a class: the return value is never an error (getpid). */
	SYSCALL_NEVER_FAILS = 1u << 24,
};

/*
 * Argument kinds.  "In" memory is read at entry, "out" memory at exit (and printed as an address
 * when the call failed); an argument of an out kind ends what is printed at entry.
 */
enum arg_kind {
	AK_RAW,   /* strace's fallback: %#lx */
	AK_D,     /* int, decimal */
	AK_LD,    /* long, decimal */
	AK_U,     /* unsigned int, decimal */
	AK_LU,    /* unsigned long, decimal */
	AK_X,     /* unsigned int, hex */
	AK_LX,    /* unsigned long, hex */
	AK_O,     /* octal, as a mode: 0644 */
	AK_PTR,   /* address: NULL or 0x... */
	AK_FD,    /* file descriptor (-y decorates it) */
	AK_ATFD,  /* directory fd of the *at family: AT_FDCWD */
	AK_PATH,  /* NUL-terminated path, never truncated by -s */
	AK_TARGET, /* a symlink's target: printed as a path, but no path of -P (strace's) */
	AK_STR,   /* NUL-terminated string, truncated by -s */
	AK_IBUF,  /* in buffer, size from another argument */
	AK_OBUF,  /* out buffer, size from another argument or the return value */
	AK_FLAGS, /* bit flags named by an xlat table */
	AK_LFLAGS, /* the same, all 64 bits of a long (unshare, perf_event_open) */
	AK_ENUM,  /* one value named by an xlat table */
	AK_SIG,   /* signal number */
	AK_MODE,  /* file mode bits, octal */
	AK_IN,    /* pointer to a struct read at entry, printed by print_struct_NAME */
	AK_OUT,   /* pointer to a struct written by the kernel, printed at exit */
	AK_INOUT, /* pointer to a struct read at entry and printed again at exit */
	AK_TID,   /* a thread id, a process id, a process group id (--decode-pids=) */
	AK_TGID,
	AK_PGID,
};

#define ARG_SIZE_NONE (-1)
#define ARG_SIZE_RET 6 /* the size is the return value */
/* The size is the int that argument N points to (getsockopt's optlen). */
#define ARG_SIZE_DEREF(n) (8 + (n))
#define ARG_SIZE_IS_DEREF(s) ((s) >= 8 && (s) < 14)

typedef void (*struct_printer)(struct dctx *c, uint64_t addr);

struct sysarg {
	uint8_t kind;      /* enum arg_kind */
	/* Buffers: what gives the size (argument index, ARG_SIZE_RET, ARG_SIZE_DEREF(n)); struct
	 * kinds: for arrays (iovec, fd_set bits), what gives the count; else ARG_SIZE_NONE. */
	int8_t size_arg;
	const struct xlat *xlat;  /* for AK_FLAGS and AK_ENUM */
	const char *dflt;         /* for AK_ENUM: strace's comment for unknown values, "XXX_???" */
	struct_printer print;     /* for AK_IN/AK_OUT/AK_INOUT; NULL prints the address */
	const char *sname;        /* struct name, for the capture plan and for messages */
};

/* How the return value prints. */
enum rval_kind {
	RK_D,    /* signed decimal */
	RK_U,    /* unsigned decimal */
	RK_X,    /* hex (mmap, brk) */
	RK_O,    /* octal (umask) */
	RK_FD,   /* file descriptor (-y decorates it) */
	RK_NONE, /* "= ?": exit, exit_group */
	RK_TID,  /* a thread, a process, a process group, a session id (--decode-pids=) */
	RK_TGID,
	RK_PGID,
	RK_SID,
};

struct sysent {
	const char *name;
	uint8_t nargs;
	uint8_t rkind;    /* enum rval_kind */
	uint32_t classes; /* TRACE_* */
	/* Custom decoder, or NULL: the generic printer prints the arguments by kind. */
	int (*func)(struct dctx *c);
	struct sysarg args[6];
	/* -N: each printed argument's name, as strace 7.2 names it; NULL past the last. */
	const char *argnames[6];
};

extern const struct sysent sysent_table[];
extern const unsigned int nsyscalls; /* size of sysent_table; entries with name NULL are holes */

/* The entry for SCNO, or NULL for numbers the table does not know. */
const struct sysent *sysent_get(long scno);
/* The number of NAME, or -1. */
long sysent_lookup(const char *name);
/* Class bit for "%file" and the like (with or without the %), or 0. */
uint32_t sysent_class(const char *name);
/* The name of class I ("file", "%stat"), without the leading %; NULL past the last. */
const char *sysent_class_name(unsigned int i);
