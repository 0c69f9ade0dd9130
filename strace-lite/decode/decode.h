/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The decoding context and the helpers every decoder uses.
 *
 * A decoder sees one syscall of one thread through struct dctx: its arguments, its result at
 * exit, and the tracee's memory through c->read (live ptrace memory, or memory the BPF backend
 * captured).  It never touches ptrace and never writes to a file: it appends text to c->sb
 * through the tprint_* and print* helpers below, which the front end later writes out.
 *
 * Like strace's, a decoder is called at entry and, unless it returned RVAL_DECODED, again at
 * exit (c->exiting).  At entry it prints the arguments the kernel reads; at exit the ones the
 * kernel wrote, which print as an address when the call failed.
 *
 * Write a decoder as:
 *	SYS_FUNC(openat)
 *	{
 *		print_dirfd(c, c->arg[0]);
 *		...
 *		return RVAL_DECODED;
 *	}
 * The table (syscalls.in) finds it by name; a syscall without one prints by its argument kinds.
 */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "common/print.h"
#include "strace-lite/decode/sysent.h"
#include "gen/xlat.h"

struct dctx {
	struct strbuf *sb;
	const struct sysent *se;
	long scno;
	uint64_t arg[6];
	uint64_t sp; /* the stack pointer at entry (rt_sigreturn's frame) */
	int64_t rval; /* at exit: the return value (-1 when the call failed) */
	int err;      /* at exit: errno when the call failed, 0 otherwise */
	bool exiting;
	pid_t pid; /* the thread, for /proc lookups */
	/* Tracee memory: 0 when all LEN bytes were read, else -errno (never a partial read). */
	int (*read)(struct dctx *c, uint64_t addr, void *buf, size_t len);
	/*
	 * Strings (umovestr): as read, except that the bytes after a NUL need not be readable
	 * (they read as 0): a backend that kept only the string (bpf) says so.  NULL: read.
	 */
	int (*read_str)(struct dctx *c, uint64_t addr, void *buf, size_t len);
	void *read_priv;
	/* Kept from entry to exit, for the decoder's own use. */
	uint64_t priv[4];
	/* Generic printer: the next argument to print at exit. */
	int next_arg;
	/* With RVAL_STR: printed after the return value, in parentheses. */
	const char *auxstr;
	/* Lines of their own after the call's line (malloc'd; the front end writes and frees
	 * them): -e kvm=vcpu+'s struct kvm_run. */
	char *after;
	/* The name of the thread's last call traced to its exit (restart_syscall's); NULL none. */
	const char *prev_name;
};

#define SYS_FUNC(name) int sys_##name(struct dctx *c)

/* Decoder return values. */
#define RVAL_DECODED 0x100 /* everything printed at entry */
#define RVAL_STR 0x200     /* print c->auxstr after the return value */
/* The decoder set c->err itself: "= RVAL ENAME (...)" with the value the call returned. */
#define RVAL_PRINT_ERR_VAL 0x400
/* Override the table's return kind: RVAL_KIND(RK_X). */
#define RVAL_KIND(k) (0x10 | (k))
#define RVAL_KIND_MASK 0x1f

/* -e decode-fds= (-y is path, -yy all of them). */
enum { DECODE_FD_PATH = 1 << 0, DECODE_FD_SOCKET = 1 << 1, DECODE_FD_DEV = 1 << 2,
       DECODE_FD_PIDFD = 1 << 3, DECODE_FD_EVENTFD = 1 << 4, DECODE_FD_SIGNALFD = 1 << 5,
       DECODE_FD_ALL = 0x3f };
/* --decode-pids= (-Y is comm). */
enum { DECODE_PID_COMM = 1 << 0, DECODE_PID_NS = 1 << 1 };
/* What a pid names: a thread, a process, a process group, a session. */
enum pid_type { PT_TID, PT_TGID, PT_PGID, PT_SID };

/* Options that change decoding (set by the front end). */
struct decode_opts {
	unsigned int decode_fds; /* -y, -yy, -e decode-fds=: DECODE_FD_* bits */
	bool verbose; /* -v: unabbreviate structures */
	bool raw_all; /* -e raw=all */
	unsigned int decode_pids; /* --decode-pids=: DECODE_PID_* bits */
	int kvm_vcpu; /* -e kvm=vcpu (1): KVM_RUN's exit reason; vcpu+ (2): and its kvm_run */
	bool show_namespace; /* -e namespace=new: the namespaces clone, setns, unshare entered */
};
extern struct decode_opts dopts;

static inline bool entering(const struct dctx *c)
{
	return !c->exiting;
}
static inline bool syserror(const struct dctx *c)
{
	return c->err != 0;
}

/* Memory. */
int umoven(struct dctx *c, uint64_t addr, size_t len, void *buf);
#define umove(c, addr, objp) umoven((c), (addr), sizeof(*(objp)), (objp))
/* Read a NUL-terminated string of at most LEN bytes: 1 when the NUL was seen, 0 if not, -errno
 * (also when unreadable memory comes before both). */
int umovestr(struct dctx *c, uint64_t addr, size_t len, char *buf);
/*
 * strace's idiom: for a NULL address print NULL, for an unreadable one or a failed syscall at
 * exit print the address; return true when printed so (the caller prints nothing more).
 */
bool umoven_or_printaddr(struct dctx *c, uint64_t addr, size_t len, void *buf);
#define umove_or_printaddr(c, addr, objp) \
	umoven_or_printaddr((c), (addr), sizeof(*(objp)), (objp))
/* Same, and also the address when the caller's SIZE for the struct is below its own. */
#define umove_sized_or_printaddr(c, addr, size, objp)                            \
	((size) < sizeof(*(objp)) ? (printaddr((c), (addr)), true)                \
				  : umove_or_printaddr((c), (addr), (objp)))
/* Same, but at exit a failed call does not stop the read (for in/out structs at entry). */
bool umoven_or_printaddr_ignore_syserror(struct dctx *c, uint64_t addr, size_t len, void *buf);
/* An fd_set of LEN bytes: LEN when read whole, else -errno; a backend that reads only what it
 * captured (read_str set: bpf) may have kept less of a huge set (nfds INT_MAX): then the bytes
 * it kept from the start, in 64-byte steps (the kernel looks no further than the descriptor
 * table).  Live memory is read whole or not at all. */
long umoven_fdset(struct dctx *c, uint64_t addr, size_t len, void *buf);
/*
 * strace's verbose(tcp): whether -e verbose= leaves the current syscall's structures decoded
 * (the default).  When not, the two helpers above print every structure's address, and some
 * decoders (sendmmsg, recvmmsg) print their whole vector so.  The front end sets the hook.
 */
bool syscall_verbose(const struct dctx *c);
extern bool (*syscall_verbose_hook)(long scno);

/* Text. */
void tprints(struct dctx *c, const char *s);
void tprintf(struct dctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline void tprint_arg_next(struct dctx *c) { tprints(c, ", "); }
static inline void tprint_struct_begin(struct dctx *c) { tprints(c, "{"); }
static inline void tprint_struct_next(struct dctx *c) { tprints(c, ", "); }
static inline void tprint_struct_end(struct dctx *c) { tprints(c, "}"); }
static inline void tprint_array_begin(struct dctx *c) { tprints(c, "["); }
static inline void tprint_array_next(struct dctx *c) { tprints(c, ", "); }
static inline void tprint_array_end(struct dctx *c) { tprints(c, "]"); }
static inline void tprint_more_data_follows(struct dctx *c) { tprints(c, "..."); }
static inline void tprint_unavailable(struct dctx *c) { tprints(c, "???"); }
static inline void tprint_or(struct dctx *c) { tprints(c, "|"); }
/* "name=" */
void tprint_field(struct dctx *c, const char *name);
/* ", name=" */
static inline void tprint_next_field(struct dctx *c, const char *name)
{
	tprint_struct_next(c);
	tprint_field(c, name);
}

/*
 * readlink(2) of a /proc/PID/{fd/N,cwd} link of the tracee: live, or (bpf) from what the kernel
 * resolved at the stop.  Every -y, -yy and -P lookup goes through here.
 */
ssize_t tracee_readlink(struct dctx *c, const char *link, char *buf, size_t len);
/* -e namespace=new: at the exit of a successful clone, clone3, setns or unshare, the ids of the
 * namespaces entered, "mnt:[N], ..." (namespace.c); NULL for any other call or none. */
const char *namespace_auxstr(struct dctx *c);
extern ssize_t (*tracee_readlink_hook)(struct dctx *c, const char *link, char *buf, size_t len);
/* Whether LINK's file was unlinked, when the backend knows (1, 0; -1: look at the file). */
extern int (*tracee_deleted_hook)(struct dctx *c, const char *link);

/* Values. */
void printaddr(struct dctx *c, uint64_t addr); /* NULL or 0x... */
void printfd(struct dctx *c, int fd);          /* 3, or 3</path> with -y */
void printfd_pid(struct dctx *c, int pid, int fd); /* the same, a descriptor of process PID */
/*
 * -yy: print "<TCP:[127.0.0.1:8080->127.0.0.1:40000]>" and the like for descriptor FD of c->pid
 * (LINK is its /proc/PID/fd/FD), of the kinds -e decode-fds= asks for (socket, dev, pidfd);
 * false when FD is nothing of those, and -y's form is used if asked.
 */
bool print_fd_details(struct dctx *c, int fd, const char *link);
/* --decode-fds=eventfd, signalfd (fdinfo.c): "<{eventfd-count=...}>", "<signalfd:[...]>" for
 * descriptor FD whose link reads PATH; false when it is not one. */
bool print_eventfd(struct dctx *c, int fd, const char *path);
/* The value after KEY on its line of the tracee's /proc/PID/fdinfo/FD, blanks and newline cut
 * (fdinfo.c): 0, or -1 when there is no such line. */
int fdinfo_value(struct dctx *c, int fd, const char *key, char *val, size_t len);
bool print_signalfd(struct dctx *c, int fd, const char *path);
/* -yy under the eBPF backend: the socket (or pidfd, eventfd, signalfd) behind LINK as the kernel described it at
 * the stop; sockdiag.c formats it as a sock_diag answer.  False: ask the live kernel. */
struct sockdiag_view {
	char proto[64];  /* "TCP", "UNIX-STREAM", ... (the sockprotoname xattr) */
	bool hashed;     /* a diag query would find it (bound, or with a peer or name) */
	int family;
	uint16_t sport;  /* host order */
	uint16_t dport;  /* network order */
	uint8_t src[16], dst[16];
	uint64_t peer_ino;
	int upath_len;
	char upath[108];
	uint32_t portid, nlproto;
	long pidfd_pid;
	int pts1;        /* /dev/ptmx: its pts number + 1 (fdinfo's tty-index), 0 none */
	/* an eventfd or a signalfd: the lines of its /proc/PID/fdinfo/FD that fdinfo.c reads
	 * ("eventfd-count: 5\n..."), as the kernel had them at the stop; "" if none */
	char fdinfo[96];
	char details[160]; /* the ptrace backend's recording: what a live query said, or "" */
};
extern bool (*sockdiag_view_hook)(struct dctx *c, const char *link, struct sockdiag_view *v);
/* The view of descriptor FD (LINK) asked of the kernel now: for a recording of the ptrace
 * backend, which keeps it for the replay.  False: not a socket nor a pidfd. */
bool sockdiag_live_view(struct dctx *c, int fd, const char *link, struct sockdiag_view *v);
void print_dirfd(struct dctx *c, int fd);      /* AT_FDCWD or printfd */
/* A pid of the tracee's: 1234, with --decode-pids=comm 1234<comm> (threads and processes). */
void printpid(struct dctx *c, int pid, enum pid_type type);
/* The process the tracee's pidfd FD refers to, or -1 (not a pidfd, or the process is gone). */
long pidfd_target(struct dctx *c, int fd);
/* A pid of our namespace (a pidfd's): 1234, with --decode-pids=comm 1234<comm>. */
void printpid_ours(struct dctx *c, int pid);
/*
 * --bpf, --decode-pids=pidns: thread TID (of process TGID) is in pid namespace NS (its inode
 * number; 0: ours), where its tid, tgid, process group and session are NS_IDS; its process
 * group and session are INIT_IDS in ours.  Kept, to translate its pids once it is gone.
 */
void pidns_learn(pid_t tid, pid_t tgid, unsigned int ns, const unsigned int ns_ids[4],
		 const unsigned int init_ids[2]);
/* PID of TYPE as the tracee sees it, in our pid namespace (PID when it cannot be told). */
int pid_ours(struct dctx *c, int pid, enum pid_type type);
/* kill's and wait4's pid: a process when positive, a process group when below -1. */
void printpid_tgid_pgid(struct dctx *c, int pid);
/*
 * Where printpid finds the command name of PID: /proc/PID/comm, unless a backend (bpf, which
 * decodes after the fact) knows better.  The length, or -errno with BUF empty.
 */
extern int (*pid_comm_hook)(pid_t pid, char *buf, size_t len);
/* Tried first: PID's name as it was at C's stop (bpf's captures): its length (0: no such
 * process then, nothing printed), or -1 when the backend does not know. */
extern int (*pid_comm_at_stop_hook)(struct dctx *c, pid_t pid, char *buf, size_t len);
/*
 * -e kvm=vcpu: why KVM_RUN on vcpu descriptor FD returned, at C's exit: 0 with *REASON, or -1.
 * kvm_exit_reason_live reads the vcpu's page the process maps; a backend that decodes after
 * the fact (bpf, a replay) sets the hook to what it captured instead.
 */
int kvm_exit_reason_live(struct dctx *c, int fd, uint32_t *reason);
extern int (*kvm_exit_reason_hook)(struct dctx *c, int fd, uint32_t *reason);
/* "<comm>" escaped as -y escapes paths; nothing for an empty COMM. */
void print_comm_str(struct strbuf *sb, const char *comm);
void print_mode(struct dctx *c, unsigned int mode); /* 0644 */
void print_signame(struct dctx *c, int sig);   /* SIGINT, or the number */
/* A path: quoted, never truncated by -s; NULL or the address if it cannot be read. */
int printpath(struct dctx *c, uint64_t addr);
/* A NUL-terminated string truncated by -s. */
int printstr(struct dctx *c, uint64_t addr);
/* The same, looking at no more than LEN bytes (a field of fixed size: comm, memfd names). */
int printstr_upto(struct dctx *c, uint64_t addr, unsigned int len);
/* A buffer of LEN bytes, truncated by -s. */
int printstrn(struct dctx *c, uint64_t addr, uint64_t len);
/* strace's printstr_ex: LEN bytes quoted in STYLE (QUOTE_*), "..." after when cut or when a
 * string expected to end in NUL did not. */
int printstr_ex(struct dctx *c, uint64_t addr, uint64_t len, unsigned int style);
/* strace's printaddr_comment: " /\* 0x... *\/" after "...". */
void printaddr_comment(struct dctx *c, uint64_t addr);
void printflags(struct dctx *c, const struct xlat *x, uint64_t val, const char *dflt);
void printxval(struct dctx *c, const struct xlat *x, uint64_t val, const char *dflt);
/* An int in tracee memory, as [VAL]. */
void printnum_int(struct dctx *c, uint64_t addr, const char *fmt);
void printnum_int64(struct dctx *c, uint64_t addr, const char *fmt);

/* Print argument I of the current syscall by its kind in the table. */
void print_arg(struct dctx *c, int i);
/* The generic decoder: every argument by kind, in-arguments at entry, the rest at exit. */
int decode_generic(struct dctx *c);
/* strace's fallback: every argument as %#lx. */
int printargs(struct dctx *c);
/* The name of errno ERR ("ENOENT"), from the errnos table; NULL if it has none. */
const char *errno_name(int err);
