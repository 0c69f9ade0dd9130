// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Capture plans for --bpf, built from the syscall signature table: what memory the kernel side
 * copies at each syscall stop so that the decoders, reading it back through dctx->read, print
 * what they print over ptrace.  The table says for every argument whether it points to a path,
 * a string, a buffer sized by another argument or by the result, or a structure read at entry,
 * written at exit, or both; structures that hold pointers (msghdr, iovec arrays, argv) get
 * levels of pointers followed in the kernel.  Arguments a custom decoder interprets by another
 * argument (ioctl, fcntl, prctl) are captured as a window when they look like user pointers.
 */
#include <errno.h>
#include <string.h>

#include "common/print.h"
#include "strace-lite/sttrace.h"
#include "bpf/sysbpf.h"
#include "strace-lite/bpf/bpf-plan.h"
#include "strace-lite/decode/net/msghdr.h"

struct sdesc {
	const char *name;
	unsigned int size;  /* bytes, or bytes per element with a count */
	unsigned char chase;
	signed char count;  /* argument giving the element count when the table has none; -1 */
	bool count_is_ret;  /* at exit, the count is the result (epoll_wait) */
};

/* x86_64 kernel layouts, or as much as the decoder reads where it reads more (a partial capture
 * prints as the address): sigaction with strace's 64-byte mask; clone_args as many bytes as its
 * size argument says, open_how, xattr_args and file_attr too (the decoder prints a non-zero
 * tail beyond the structure it knows; xattr_args's value is followed). */
static const struct sdesc sdescs[] = {
	{ "timespec", 16, 0, -1, 0 },    { "timeval", 16, 0, -1, 0 },
	{ "itimerspec", 32, 0, -1, 0 },  { "itimerval", 32, 0, -1, 0 },
	{ "iovec", 16, 1, -1, 0 },       { "sigset", 8, 0, -1, 0 },
	{ "sockaddr", 128, 0, -1, 0 },   { "socklen", 4, 0, -1, 0 },
	{ "uid", 4, 0, -1, 0 },          { "siginfo", 128, 0, -1, 0 },
	{ "loff", 8, 0, -1, 0 },         { "stat", 144, 0, -1, 0 },
	{ "statx", 256, 0, -1, 0 },      { "statfs", 120, 0, -1, 0 },
	{ "rlimit64", 16, 0, -1, 0 },    { "sched_param", 4, 0, -1, 0 },
	{ "rusage", 144, 0, -1, 0 },     { "fdpair", 8, 0, -1, 0 },
	{ "user_desc", 16, 0, -1, 0 },   { "uint", 4, 0, -1, 0 },
	{ "int", 4, 0, -1, 0 },          { "timezone", 8, 0, -1, 0 },
	{ "timex", 208, 0, -1, 0 },      { "stack_t", 24, 0, -1, 0 },
	{ "sigaction", 88, 0, -1, 0 },   { "sched_attr", 128, 0, -1, 0 },
	{ "pollfd", 8, 0, 1, 0 },        { "msghdr", 56, 2, -1, 0 },
	{ "mmsghdr", 64, 0, 2, 0 },      { "epoll_event", 12, 0, -1, 1 },
	{ "wait_status", 4, 0, -1, 0 },  { "utsname", 390, 0, -1, 0 },
	{ "utime_pair", 32, 0, -1, 0 },  { "ulong", 8, 0, -1, 0 },
	{ "tms", 32, 0, -1, 0 },         { "timer_id", 4, 0, -1, 0 },
	{ "sysinfo", 112, 0, -1, 0 },    { "sigset_argpack", 16, 1, -1, 0 },
	{ "sigevent", 64, 0, -1, 0 },    { "ptr", 8, 0, -1, 0 },
	{ "mq_attr", 64, 0, -1, 0 },     { "kexec_segment", 32, 0, 1, 0 },
	{ "open_how", 1, 0, 3, 0 },      { "clone_args", 1, 1, 1, 0 },
	{ "landlock_ruleset_attr", 1, 0, 1, 0 }, { "landlock_rule_attr", 16, 0, -1, 0 },
	{ "cap_user_header", 8, 0, -1, 0 }, { "cap_user_data", 24, 0, -1, 0 },
	{ "argv", 1024, 1, -1, 0 },      { "envp", 1024, 1, -1, 0 },
	{ "gids", 4, 0, 0, 0 },          { "cpuset", 1, 0, 1, 0 },
	{ "nodemask", 128, 0, -1, 0 },   { "io_event", 32, 0, -1, 0 },
	{ "io_events", 32, 0, -1, 1 },   { "iocb", 64, 0, -1, 0 },
	{ "iocbpp", 8, 3, 1, 0 },        { "futex_waitv", 24, 0, -1, 0 },
	{ "aio_sigset", 16, 1, -1, 0 },  { "aio_context", 8, 0, -1, 0 },
	{ "timeval_pair", 32, 0, -1, 0 }, { "utimbuf", 16, 0, -1, 0 },
	{ "time_t", 8, 0, -1, 0 },       { "sysctl_args", 80, 0, -1, 0 },
	{ "cachestat_range", 16, 0, -1, 0 }, { "cachestat", 40, 0, -1, 0 },
	{ "xattr_args", 1, 1, 5, 0 },    { "file_attr", 1, 0, 3, 0 },
	{ "futex_waitv_pair", 48, 0, -1, 0 }, { "u64_ids", 8, 0, 2, 0 },
	{ "lsm_ids", 8, 0, -1, 1 },     { "statmount", 1, 0, 2, 0 },
	{ "rseq", 64, 1, -1, 0 },        { "file_handle", 8 + 128, 0, -1, 0 },
	{ "fd_set", 0, 0, -1, 0 },
};

#define DEFAULT_WINDOW 512
#define IOCTL_WINDOW_MAX 16384 /* the largest size a request encodes */

static const struct sdesc *sdesc_of(const char *name)
{
	for (size_t i = 0; name && i < sizeof(sdescs) / sizeof(sdescs[0]); i++)
		if (!strcmp(sdescs[i].name, name))
			return &sdescs[i];
	return NULL;
}

static void add(struct plan *p, struct capop op)
{
	if (p->nops < PLAN_OPS)
		p->ops[p->nops++] = op;
}

static void plan_struct(struct plan *p, int i, const struct sysarg *a, unsigned int when)
{
	const struct sdesc *d = sdesc_of(a->sname);
	struct capop op = { .arg = i, .when = when, .how = HOW_BUF, .size_from = SZ_CONST,
			    .size = DEFAULT_WINDOW, .max = 65536 };

	if (d) {
		op.size = d->size;
		op.chase = d->chase;
	}
	if (d && !strcmp(d->name, "fd_set")) {
		op.size_from = SZ_BITS;
		op.size_arg = a->size_arg >= 0 ? a->size_arg : 0;
	} else if (a->size_arg >= 0 && a->size_arg < 6) {
		op.size_from = SZ_ARG;
		op.size_arg = a->size_arg;
	} else if (d && d->count_is_ret && when == CAP_EXIT) {
		op.size_from = SZ_RET;
	} else if (d && d->count >= 0) {
		op.size_from = SZ_ARG;
		op.size_arg = d->count;
	}
	/* A count of elements too large to be real is still bounded by max. */
	add(p, op);
}

/*
 * Request families that read more than their request encodes get the largest window: the
 * console's 'K' requests encode no size and read up to 8 KiB (GIO_FONT), the device mapper's
 * encode its 312-byte header and read data_size bytes, KVM's CPUID requests encode the 8-byte
 * header of up to 256 40-byte entries, UDMABUF_CREATE_LIST its 8-byte header of 24-byte items.
 */
static void plan_ioctl_families(struct plan *p, int i)
{
	static const struct { unsigned char type, chase; } fams[] = {
		{ 'K', 1 }, { 0xfd, 0 }, { 0xae, 0 }, { 'u', 0 },
	};

	for (size_t k = 0; k < sizeof(fams) / sizeof(fams[0]); k++)
		add(p, (struct capop){ .arg = i, .when = CAP_ENTRY | CAP_EXIT, .how = HOW_BUF,
				       .size_from = SZ_IOC, .size_arg = 1, .max = IOCTL_WINDOW_MAX,
				       .chase = fams[k].chase, .ioc_type = fams[k].type });
	/* TEE's sessions and invocations: struct tee_ioctl_buf_data, a pointer and a length (up
	 * to TEE_MAX_ARG_SIZE, 1 KiB). */
	add(p, (struct capop){ .arg = i, .when = CAP_ENTRY | CAP_EXIT, .how = HOW_BUF,
			       .size_from = SZ_PTRLEN, .size_arg = 1, .max = 1024,
			       .ioc_type = 0xa4 });
}

static void plan_buf(struct plan *p, const struct sysent *se, int i, const struct sysarg *a,
		     unsigned int when, unsigned int cap)
{
	struct capop op = { .arg = i, .when = when, .how = HOW_BUF, .size = 1, .max = cap };

	if (a->size_arg == ARG_SIZE_RET) {
		op.size_from = SZ_RET;
	} else if (ARG_SIZE_IS_DEREF(a->size_arg)) {
		op.size_from = SZ_DEREF;
		op.size_arg = a->size_arg - 8;
	} else if (a->size_arg >= 0 && a->size_arg < 6) {
		op.size_from = SZ_ARG;
		op.size_arg = a->size_arg;
	} else {
		op.size_from = SZ_CONST;
		op.size = cap;
	}
	add(p, op);
}

int bpf_plan_build(const struct sysent *se, struct plan *p)
{
	/* Data buffers print through -s; dumps (-e read=/write=) and buffers a decoder walks
	 * (directory entries) need all of it. */
	unsigned int strsz = print_opts_get()->max_strlen + 1;
	bool want_fds = dopts.decode_fds || pathtrace_enabled();
	bool whole = opts.dump_io || (se->name && !strncmp(se->name, "getdents", 8));
	unsigned int bufcap = opts.dump_io ? DUMP_MAX : whole ? 65536 : strsz;
	bool sockbuf = se->name && (!strcmp(se->name, "sendto") || !strcmp(se->name, "recvfrom") ||
				    !strcmp(se->name, "sendmsg") || !strcmp(se->name, "recvmsg"));

	bool sockopt = se->name && (!strcmp(se->name, "setsockopt") ||
				    !strcmp(se->name, "getsockopt"));

	/* A custom decoder may print a buffer as a path (getcwd, readlink), not cut by -s. */
	if (se->func && bufcap < 4096)
		bufcap = 4096;
	memset(p, 0, sizeof(*p));
	if (se->name && !strcmp(se->name, "rt_sigreturn")) {
		/* The signal frame above the stack pointer: its ucontext's saved mask. */
		add(p, (struct capop){ .arg = ARG_SP, .when = CAP_ENTRY, .how = HOW_BUF,
				       .size_from = SZ_CONST, .size = 320, .max = 320 });
		return p->nops;
	}
	for (int i = 0; i < se->nargs && i < 6; i++) {
		const struct sysarg *a = &se->args[i];
		switch (a->kind) {
		case AK_PATH:
		case AK_TARGET:
			add(p, (struct capop){ .arg = i, .when = CAP_ENTRY, .how = HOW_STR,
					       .size_from = SZ_CONST, .size = 4096, .max = 4096 });
			break;
		case AK_STR:
			add(p, (struct capop){ .arg = i, .when = CAP_ENTRY, .how = HOW_STR,
					       .size_from = SZ_CONST, .size = strsz,
					       .max = strsz < 4096 ? 4096 : strsz });
			break;
		case AK_IBUF:
			plan_buf(p, se, i, a, CAP_ENTRY, bufcap);
			/* setsockopt's value may point further (SO_ATTACH_FILTER's sock_fprog). */
			if (sockopt && p->nops)
				p->ops[p->nops - 1].chase = 1;
			break;
		case AK_OBUF:
			plan_buf(p, se, i, a, CAP_EXIT, bufcap);
			/* getsockopt's length may count elements, not bytes (SO_GET_FILTER's
			 * instructions): a window too. */
			if (sockopt)
				add(p, (struct capop){ .arg = i, .when = CAP_EXIT, .how = HOW_BUF,
						       .size_from = SZ_CONST, .size = DEFAULT_WINDOW,
						       .max = DEFAULT_WINDOW });
			break;
		case AK_IN:
			/* What its pointers point to may be written by the call (clone3's
			 * parent_tid): a custom decoder reads it at exit. */
			plan_struct(p, i, a, CAP_ENTRY);
			if (se->func && sdesc_of(a->sname) && sdesc_of(a->sname)->chase)
				plan_struct(p, i, a, CAP_EXIT);
			break;
		case AK_OUT:
			plan_struct(p, i, a, CAP_EXIT);
			break;
		case AK_INOUT:
			plan_struct(p, i, a, CAP_ENTRY);
			plan_struct(p, i, a, CAP_EXIT);
			break;
		case AK_RAW:
		case AK_LX:
		case AK_PTR:
			/* Only a custom decoder can give these a meaning (ioctl's argument). */
			if (se->func && i == 2 && se->name && !strcmp(se->name, "ioctl")) {
				/* As much as the request says its structure holds, and two levels
				 * of pointers: arrays the structure points to and what their
				 * elements point to (VIDIOC_S_EXT_CTRLS' controls and their
				 * strings). */
				add(p, (struct capop){ .arg = i, .when = CAP_ENTRY | CAP_EXIT,
						       .how = HOW_BUF, .size_from = SZ_IOC,
						       .size_arg = 1, .size = DEFAULT_WINDOW,
						       .max = IOCTL_WINDOW_MAX, .chase = 2 });
				plan_ioctl_families(p, i);
			} else if (se->func && i == 1 && se->name && !strcmp(se->name, "bpf")) {
				/* bpf(2)'s attribute: as many bytes as its size argument says
				 * (a page at most), at entry and exit (the kernel writes some
				 * back), and two levels of pointers: a path, a name, arrays
				 * (kprobe_multi's symbol names). */
				add(p, (struct capop){ .arg = i, .when = CAP_ENTRY | CAP_EXIT,
						       .how = HOW_BUF, .size_from = SZ_ARG,
						       .size_arg = 2, .size = 1, .max = 4096,
						       .chase = 2 });
			} else if (se->func) {
				add(p, (struct capop){ .arg = i, .when = CAP_ENTRY | CAP_EXIT,
						       .how = HOW_BUF, .size_from = SZ_CONST,
						       .size = DEFAULT_WINDOW, .max = DEFAULT_WINDOW,
						       .chase = 1 });
			}
			break;
		default:
			break;
		}
		/* -y and -P: what the descriptor is, resolved at the stop; always for the socket
		 * of a send or receive, whose buffer is netlink messages on a netlink socket. */
		if ((want_fds || (i == 0 && sockbuf)) && (a->kind == AK_FD || a->kind == AK_ATFD))
			add(p, (struct capop){ .arg = i, .when = CAP_ENTRY, .how = HOW_FD });
		if (want_fds && (a->kind == AK_OUT || a->kind == AK_INOUT) && a->sname &&
		    !strcmp(a->sname, "fdpair"))
			add(p, (struct capop){ .arg = i, .when = CAP_EXIT, .how = HOW_FDPAIR });
		/* -P matches a descriptor inside poll's pollfd array ({int fd; short events,
		 * revents}, as many as args[1]) and select's fd_sets (args[0] bits). */
		if (want_fds && a->sname && !strcmp(a->sname, "pollfd"))
			add(p, (struct capop){ .arg = i, .when = CAP_ENTRY, .how = HOW_FD,
					       .size_from = SZ_ARG, .size_arg = 1, .size = 0,
					       .max = 8 });
		if (want_fds && a->sname && !strcmp(a->sname, "fd_set"))
			add(p, (struct capop){ .arg = i, .when = CAP_ENTRY, .how = HOW_FD,
					       .size_from = SZ_BITS, .size_arg = 0 });
	}
	/* ioctl requests pass descriptors by value (NBD_SET_SOCK) or in their structure: first
	 * (LOOP_CONFIGURE) or at offset 12 (SECCOMP_IOCTL_NOTIF_ADDFD's srcfd).  What the
	 * request is only the decoder knows: each is described, a stray one costs a lookup. */
	if (want_fds && se->name && !strcmp(se->name, "ioctl")) {
		add(p, (struct capop){ .arg = 2, .when = CAP_ENTRY, .how = HOW_FD });
		add(p, (struct capop){ .arg = 2, .when = CAP_ENTRY, .how = HOW_FD,
				       .size_from = SZ_DEREF, .size = 0 });
		add(p, (struct capop){ .arg = 2, .when = CAP_ENTRY, .how = HOW_FD,
				       .size_from = SZ_DEREF, .size = 12 });
	}
	/* The terminal's requests 0x5401..0x5408 (TCGETS...) that OSS sound's share print by the
	 * terminal's name alone when the descriptor is a terminal: what it is, for the 'T'
	 * requests only. */
	if (se->name && !strcmp(se->name, "ioctl") && !want_fds)
		add(p, (struct capop){ .arg = 0, .when = CAP_ENTRY, .how = HOW_FD, .size_arg = 1,
				       .ioc_type = 'T' });
	/* UDMABUF_CREATE_LIST's memfds: in its 24-byte items after an 8-byte header, the first
	 * FD_ARRAY_MAX of them.  The count the array op takes from args[size_arg] is the request
	 * itself (args[1], more than FD_ARRAY_MAX), which also gives the type 'u' it is for. */
	if (want_fds && se->name && !strcmp(se->name, "ioctl"))
		add(p, (struct capop){ .arg = 2, .when = CAP_ENTRY, .how = HOW_FD,
				       .size_from = SZ_ARG, .size_arg = 1, .size = 8, .max = 24,
				       .ioc_type = 'u' });
	/* Descriptors in other places: kcmp's idx1 and idx2 (KCMP_FILE; KCMP_EPOLL_TFD's first),
	 * landlock_add_rule's parent_fd (offset 8 of its attribute), and the pidfd clone writes
	 * at parent_tid (CLONE_PIDFD).  A value that is no descriptor costs a lookup. */
	if (want_fds && se->name && !strcmp(se->name, "kcmp")) {
		add(p, (struct capop){ .arg = 3, .when = CAP_ENTRY, .how = HOW_FD });
		add(p, (struct capop){ .arg = 4, .when = CAP_ENTRY, .how = HOW_FD });
	}
	/* Descriptors a netlink message carries in its attributes (IFLA_XDP_EXPECTED_FD,
	 * IFLA_NET_NS_FD, ...): every 4-byte attribute's value in sendto's buffer may be one; a
	 * value that is no descriptor costs a lookup. */
	if (want_fds && se->name && !strcmp(se->name, "sendto"))
		add(p, (struct capop){ .arg = 1, .when = CAP_ENTRY, .how = HOW_FD,
				       .size_from = SZ_NLA, .size_arg = 2 });
	/* pidfd_getfd's target: a descriptor of the process of the pidfd, described there. */
	if (want_fds && se->name && !strcmp(se->name, "pidfd_getfd"))
		add(p, (struct capop){ .arg = 1, .when = CAP_ENTRY, .how = HOW_FD,
				       .size_from = SZ_PIDFD, .size_arg = 0 });
	/* A msghdr's control data: msg_controllen bytes at msg_control (offsets 32 and 40), as
	 * much as the decoder reads; written by recvmsg, so again at exit. */
	if (se->name && (!strcmp(se->name, "sendmsg") || !strcmp(se->name, "recvmsg")))
		add(p, (struct capop){ .arg = 1, .when = CAP_ENTRY | CAP_EXIT, .how = HOW_BUF,
				       .size_from = SZ_PTRLEN, .size = 32,
				       .max = msghdr_control_max() });
	/* The descriptors an SCM_RIGHTS message passes: the sender's at entry, the receiver's
	 * new ones at exit. */
	if (want_fds && se->name && !strcmp(se->name, "sendmsg"))
		add(p, (struct capop){ .arg = 1, .when = CAP_ENTRY, .how = HOW_FD,
				       .size_from = SZ_CMSG });
	if (want_fds && se->name && !strcmp(se->name, "recvmsg"))
		add(p, (struct capop){ .arg = 1, .when = CAP_EXIT, .how = HOW_FD,
				       .size_from = SZ_CMSG });
	/* sendmmsg's and recvmmsg's messages, each one's name, iovecs with their buffers and
	 * control data: sent at entry, received at exit.  The vector itself may be up to 1025
	 * messages of 64 bytes (strace shows 1024 and the one after). */
	if (se->name && (!strcmp(se->name, "sendmmsg") || !strcmp(se->name, "recvmmsg"))) {
		bool recv = se->name[0] == 'r';
		for (unsigned int k = 0; k < p->nops; k++)
			if (p->ops[k].arg == 1 && p->ops[k].how == HOW_BUF)
				p->ops[k].max = 1025 * 64;
		add(p, (struct capop){ .arg = 1, .when = recv ? CAP_EXIT : CAP_ENTRY,
				       .how = HOW_BUF, .size_from = SZ_MMSG, .size_arg = 2,
				       .size = 1025, .max = msghdr_control_max() });
	}
	/* -Y: the command names of the pids wait4 and waitid wait for, and of the one waitid's
	 * siginfo names at exit (si_pid, offset 16), as they are at the call. */
	if ((dopts.decode_pids & DECODE_PID_COMM) && se->name &&
	    (!strcmp(se->name, "wait4") || !strcmp(se->name, "waitid"))) {
		bool id = se->name[4] == 'i';
		add(p, (struct capop){ .arg = id ? 1 : 0, .when = CAP_ENTRY, .how = HOW_COMM });
		if (id)
			add(p, (struct capop){ .arg = 2, .when = CAP_EXIT, .how = HOW_COMM,
					       .size_from = SZ_DEREF, .size = 16 });
	}
	/* userns_fd of mount_setattr and open_tree_attr, at offset 24 of their struct mount_attr. */
	if (want_fds && se->name && (!strcmp(se->name, "mount_setattr") ||
				     !strcmp(se->name, "open_tree_attr")))
		add(p, (struct capop){ .arg = 3, .when = CAP_ENTRY, .how = HOW_FD,
				       .size_from = SZ_DEREF, .size = 24 });
	if (want_fds && se->name && !strcmp(se->name, "landlock_add_rule"))
		add(p, (struct capop){ .arg = 2, .when = CAP_ENTRY, .how = HOW_FD,
				       .size_from = SZ_DEREF, .size = 8 });
	/* io_uring_register's descriptor tables, by opcode: an array of ints (FILES, EVENTFD,
	 * EVENTFD_ASYNC), the one a structure points to (FILES_UPDATE's fds at 8, FILES2's data at
	 * 16, FILES_UPDATE2's at 8), the ring descriptors of RING_FDS (at 8 of 16-byte entries),
	 * the descriptor of a structure: SYNC_CANCEL's (at 8), CLONE_BUFFERS' src_fd (at 0),
	 * SEND_MSG_RING's submission queue entry's (at 4), and ZCRX_CTRL's exported one (at 24,
	 * written by the kernel). */
	/* Its argument: as many 16-byte entries as -s shows and the one after (which the array
	 * printer reads before it cuts), or a whole probe (16 bytes and 256 ops of 8). */
	if (se->name && !strcmp(se->name, "io_uring_register")) {
		unsigned int win = 16 * (strsz + 1) > 2064 ? 16 * (strsz + 1) : 2064;
		add(p, (struct capop){ .arg = 2, .when = CAP_ENTRY | CAP_EXIT, .how = HOW_BUF,
				       .size_from = SZ_CONST, .size = win, .max = 65536,
				       .chase = 1 });
		/* QUERY (0x23): a chain of 40-byte headers, each next_entry nested in the one
		 * before; the decoder shows -s of them (and the address of the one after) or with
		 * -v up to 1000: as many levels of pointers, and each one's query_data. */
		add(p, (struct capop){ .arg = 2, .when = CAP_ENTRY, .how = HOW_BUF,
				       .size_from = SZ_CONST, .size = 40, .max = 40,
				       .chase = strsz + 2 < 250 ? (unsigned char)(strsz + 2) : 250,
				       .if_arg1 = 0x23 + 1 });
	}
	if (want_fds && se->name && !strcmp(se->name, "io_uring_register")) {
		static const struct { unsigned char op, chase, off, stride; } t[] = {
			{ 2, 0, 0, 4 }, { 4, 0, 0, 4 }, { 7, 0, 0, 4 }, { 6, 1, 8, 4 },
			{ 13, 1, 16, 4 }, { 14, 1, 8, 4 }, { 20, 0, 8, 16 }, { 0x18, 0, 8, 64 },
			{ 0x1e, 0, 0, 32 }, { 0x1f, 0, 4, 64 },
		};
		for (size_t k = 0; k < sizeof(t) / sizeof(t[0]); k++)
			add(p, (struct capop){ .arg = 2, .when = CAP_ENTRY, .how = HOW_FD,
					       .size_from = SZ_ARG, .size_arg = 3,
					       .size = t[k].off, .max = t[k].stride,
					       .chase = t[k].chase, .if_arg1 = t[k].op + 1 });
		add(p, (struct capop){ .arg = 2, .when = CAP_EXIT, .how = HOW_FD,
				       .size_from = SZ_ARG, .size_arg = 3, .size = 24, .max = 72,
				       .if_arg1 = 0x24 + 1 });
	} else if (se->name && !strcmp(se->name, "io_uring_register")) {
		/* Without -y too: a URING_CMD entry's off is a socket command when its descriptor
		 * is a socket, which only what the descriptor is says. */
		add(p, (struct capop){ .arg = 2, .when = CAP_ENTRY, .how = HOW_FD,
				       .size_from = SZ_ARG, .size_arg = 3, .size = 4, .max = 64,
				       .if_arg1 = 0x1f + 1 });
	}
	/* ptrace's PTRACE_[GS]ETREGSET: data is an iovec; what it describes may be larger than
	 * a chased pointer's window (user_fpregs_struct, 512 bytes). */
	if (se->name && !strcmp(se->name, "ptrace"))
		add(p, (struct capop){ .arg = 3, .when = CAP_ENTRY | CAP_EXIT, .how = HOW_BUF,
				       .size_from = SZ_PTRLEN, .max = 1024 });
	/* -e namespace=new: the namespaces setns and unshare left the caller in, and clone's
	 * and clone3's child's, read at the exit. */
	if (dopts.show_namespace && se->name &&
	    (!strcmp(se->name, "setns") || !strcmp(se->name, "unshare") ||
	     !strcmp(se->name, "clone") || !strcmp(se->name, "clone3")))
		add(p, (struct capop){ .arg = se->name[0] == 'c' ? ARG_RET : 0, .when = CAP_EXIT,
				       .how = HOW_NSIDS });
	/* -e kvm=vcpu: why a KVM_RUN returned (the op looks at the request itself). */
	if (dopts.kvm_vcpu && se->name && !strcmp(se->name, "ioctl"))
		add(p, (struct capop){ .arg = 0, .when = CAP_EXIT, .how = HOW_KVMRUN });
	/* -v prints a seccomp filter's instructions, all of them (BPF_MAXINSNS at most, one more
	 * read to say more follow), more than a chased pointer's window: its struct sock_fprog
	 * says how many. */
	if (dopts.verbose && se->name && !strcmp(se->name, "seccomp"))
		add(p, (struct capop){ .arg = 2, .when = CAP_ENTRY, .how = HOW_BUF,
				       .size_from = SZ_FPROG, .size = 8, .max = 4097 * 8 });
	/* PTRACE_SETSIGINFO's siginfo may hold a descriptor: si_fd, at offset 24 (SIGIO). */
	if (want_fds && se->name && !strcmp(se->name, "ptrace"))
		add(p, (struct capop){ .arg = 3, .when = CAP_ENTRY, .how = HOW_FD,
				       .size_from = SZ_DEREF, .size = 24 });
	/* io_uring_setup's wq_fd (IORING_SETUP_ATTACH_WQ), at offset 24 of its parameters. */
	if (want_fds && se->name && !strcmp(se->name, "io_uring_setup"))
		add(p, (struct capop){ .arg = 1, .when = CAP_ENTRY, .how = HOW_FD,
				       .size_from = SZ_DEREF, .size = 24 });
	/* AF_XDP's sxdp_shared_umem_fd, at offset 12 of connect's and bind's address. */
	if (want_fds && se->name && (!strcmp(se->name, "connect") || !strcmp(se->name, "bind")))
		add(p, (struct capop){ .arg = 1, .when = CAP_ENTRY, .how = HOW_FD,
				       .size_from = SZ_DEREF, .size = 12 });
	/* getsockopt(SOL_SOCKET, SO_PEERPIDFD) writes a new pidfd at optval: any SOL_SOCKET
	 * option's int there is looked at (a value that is no descriptor costs a lookup). */
	if (want_fds && se->name && !strcmp(se->name, "getsockopt"))
		add(p, (struct capop){ .arg = 3, .when = CAP_EXIT, .how = HOW_FD,
				       .size_from = SZ_DEREF, .size = 0, .if_arg1 = 1 + 1 });
	if (want_fds && se->name && !strcmp(se->name, "clone"))
		add(p, (struct capop){ .arg = 2, .when = CAP_EXIT, .how = HOW_FD,
				       .size_from = SZ_DEREF, .size = 0 });
	/* bpf(2)'s attribute holds descriptors: OBJ_GET_INFO_BY_FD's bpf_fd and most commands'
	 * first field (0), MAP_CREATE's inner_map_fd (20) and btf_fd (48), PROG_LOAD's
	 * prog_btf_fd (72) and attach_prog_fd (112), PROG_ATTACH's attach_bpf_fd, LINK_CREATE's
	 * target_fd and TASK_FD_QUERY's fd (4), OBJ_PIN's bpf_fd and RAW_TRACEPOINT_OPEN's
	 * prog_fd (8), PROG_ATTACH's replace_bpf_fd (16), LINK_UPDATE's old_prog_fd (12), the
	 * batches' map_fd (36); several commands return one.  The command is not known here:
	 * each offset is looked at, a value that is no descriptor costs a lookup, and of the 8
	 * values a stop describes the first offsets come first. */
	if (want_fds && se->name && !strcmp(se->name, "bpf")) {
		static const unsigned char off[] = { 0, 20, 48, 72, 112, 4, 8, 16, 12, 36 };
		for (size_t k = 0; k < sizeof(off); k++)
			add(p, (struct capop){ .arg = 1, .when = CAP_ENTRY, .how = HOW_FD,
					       .size_from = SZ_DEREF, .size = off[k] });
		add(p, (struct capop){ .arg = ARG_RET, .when = CAP_EXIT, .how = HOW_FD });
		/* Descriptor 0 too: a field past a short attribute reads as 0, which strace
		 * describes (OBJ_PIN's bpf_fd with size 8).  The return value at entry is 0. */
		add(p, (struct capop){ .arg = ARG_RET, .when = CAP_ENTRY, .how = HOW_FD });
	}
	/* -v without -y: OBJ_GET_INFO_BY_FD's bpf_fd still, what it is (a map, a program) says
	 * how its information prints. */
	if (!want_fds && dopts.verbose && se->name && !strcmp(se->name, "bpf"))
		add(p, (struct capop){ .arg = 1, .when = CAP_ENTRY, .how = HOW_FD,
				       .size_from = SZ_DEREF, .size = 0 });
	/* Some ioctl requests return a descriptor (KVM_CREATE_VM, GPIO line requests). */
	if (want_fds && (se->rkind == RK_FD || (se->name && !strcmp(se->name, "ioctl"))))
		add(p, (struct capop){ .arg = ARG_RET, .when = CAP_EXIT, .how = HOW_FD });
	if (se->name && !strcmp(se->name, "fsconfig"))
		/* FSCONFIG_SET_BINARY: the value is AUX bytes, NULs included, not a string. */
		add(p, (struct capop){ .arg = 3, .when = CAP_ENTRY, .how = HOW_BUF, .size = 1,
				       .size_from = SZ_ARG, .size_arg = 4, .max = bufcap });
	return p->nops;
}

/* The kind of op OP is, as plan_uses counts it. */
static unsigned int plan_use(const struct capop *op)
{
	if (op->how == HOW_FD && op->size_from == SZ_CMSG)
		return PU_CMSG;
	if (op->how == HOW_FD && op->size_from == SZ_PIDFD)
		return PU_PIDFD;
	if (op->how == HOW_FD || op->how == HOW_FDPAIR)
		return PU_FD;
	if (op->how == HOW_COMM)
		return PU_COMM;
	if (op->how == HOW_KVMRUN)
		return PU_KVMRUN;
	if (op->how == HOW_NSIDS)
		return PU_NSIDS;
	return op->size_from == SZ_MMSG ? PU_MMSG : 0;
}

/*
 * Every syscall's capture plan into PLANS, and the kinds of ops (PU_*) the plans of the traced
 * ones have: the kernel side is loaded with only their code live, which saves the verifier
 * most of its work when -e trace= names a few calls (a start of sttrace --bpf -e
 * trace=writev: 14 ms of verification, not 77).
 */
unsigned int bpf_plans_build(struct plan *plans, bool trace_all, const uint64_t *trace_bits)
{
	unsigned int uses = 0;

	for (unsigned int n = 0; n < SYS_MAX && n < nsyscalls; n++) {
		const struct sysent *se = sysent_get(n);
		if (!se || !bpf_plan_build(se, &plans[n]))
			continue;
		if (!trace_all && !((trace_bits[n / 64] >> (n % 64)) & 1))
			continue;
		for (unsigned int k = 0; k < plans[n].nops; k++)
			uses |= plan_use(&plans[n].ops[k]);
	}
	return uses;
}
