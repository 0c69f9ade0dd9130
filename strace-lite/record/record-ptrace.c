// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sttrace --record=FILE under the ptrace backend: each stop written as the records the eBPF
 * backend's kernel side would have delivered for it (bpf/bpfev.h), so that one replay path
 * (replay.c, through bpfbe_handle_event) serves recordings of both backends.
 *
 * The eBPF side captures memory ahead of decoding, from the capture plan; the ptrace backend
 * reads memory while it decodes.  So the stop is decoded live (printed to -o, or to nowhere),
 * every read the decoders make is kept (the bytes they got, and every descriptor link -y, -yy
 * and -P looked at), and once the stop is decoded its reads go out as EV_MEM and REC_FD records
 * ahead of its EV_SYS_ENTER or EV_SYS_EXIT: the replay's decoders, with the same options, ask
 * for the same bytes and find them.  A read that failed live is not kept, and fails again.
 *
 * The life of the threads (signals, group-stops, forks, execs, exits) goes out as EV_SIGNAL,
 * EV_FORK, EV_EXEC, and as two records of the ptrace engine's own (REC_STOPPED, REC_PT_EXIT:
 * ptrace reports a group-stop apart from the signal, and each thread's exit with its wait
 * status, which the eBPF records model differently).  Threads followed only for breakpoints
 * (without -f) are not recorded; nor are probe hits, which a replay does not show.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <time.h>
#include <unistd.h>

#include "strace-lite/record/record.h"
#include "bpf/bpfev.h"
#include "bpf/sysbpf.h"
#include "common/proc.h"
#include "strace-lite/sttrace.h"
#include "common/log.h"

/* What the decoders read during the current stop. */
struct readlog {
	uint64_t key;  /* an address, or a descriptor (REC_FD) */
	uint32_t len;
	bool fd;
	uint8_t *data;
};
static struct readlog *rlog;
static size_t nlog, caplog;
static uint64_t stop_ns; /* when the current stop was seen */
static bool on;

static int (*live_read)(struct dctx *c, uint64_t addr, void *buf, size_t len);

static void log_add(bool fd, uint64_t key, const void *data, size_t len)
{
	if (nlog == caplog) {
		size_t nc = caplog ? 2 * caplog : 16;
		struct readlog *v = realloc(rlog, nc * sizeof(*v));
		if (!v)
			return;
		rlog = v;
		caplog = nc;
	}
	uint8_t *d = malloc(len ? len : 1);
	if (!d)
		return;
	memcpy(d, data, len);
	rlog[nlog++] = (struct readlog){ key, (uint32_t)len, fd, d };
}

static void log_clear(void)
{
	for (size_t i = 0; i < nlog; i++)
		free(rlog[i].data);
	nlog = 0;
}

static int rec_read(struct dctx *c, uint64_t addr, void *buf, size_t len)
{
	int rc = live_read(c, addr, buf, len);

	if (rc == 0 && len <= REC_MAX_LEN / 2)
		log_add(false, addr, buf, len);
	return rc;
}

/* -e namespace=new: the ids of process PID's namespaces as the live run reads them, kept where
 * the eBPF side puts the ones it reads at the exit (NS_ADDR, HOW_NSIDS), for bpf-capture.c's
 * ns_readlink at replay: all of them, once a stop. */
static void rec_nsids(int pid)
{
	static const char *const names[NS_COUNT] = NS_NAMES;
	uint32_t ids[NS_COUNT] = { 0 };
	char link[64], text[64];

	for (size_t i = 0; i < nlog; i++)
		if (!rlog[i].fd && rlog[i].key == NS_ADDR(pid))
			return;
	for (size_t i = 0; i < NS_COUNT; i++) {
		snprintf(link, sizeof(link), "/proc/%d/ns/%s", pid, names[i]);
		ssize_t n = readlink(link, text, sizeof(text) - 1);
		if (n <= 0)
			continue;
		text[n] = '\0';
		const char *lb = strchr(text, '[');
		if (lb)
			ids[i] = (uint32_t)strtoul(lb + 1, NULL, 10);
	}
	log_add(false, NS_ADDR(pid), ids, sizeof(ids));
}

/* A link's text as the eBPF side's EV_FD gives it to the replay (bpf-capture.c's fd_record):
 * the text, a NUL, and 'D' when the file was unlinked. */
static ssize_t rec_readlink(struct dctx *c, const char *link, char *buf, size_t len)
{
	char text[PATH_MAX + 16];
	ssize_t n = readlink(link, buf, len);
	int pid, fd, k = 0;
	char tail[8], ns[16];

	if (sscanf(link, "/proc/%d/fd/%d%n", &pid, &fd, &k) == 2 && !link[k]) {
		/* the descriptor */
	} else if (sscanf(link, "/proc/%d/cw%1[d]%n", &pid, tail, &k) == 2 && !link[k]) {
		fd = FD_CWD;
	} else {
		if (n > 0 && sscanf(link, "/proc/%d/ns/%15[a-z]%n", &pid, ns, &k) == 2 && !link[k])
			rec_nsids(pid);
		return n;
	}
	if (n <= 0 || (size_t)n >= sizeof(text) - 2)
		return n;
	memcpy(text, buf, (size_t)n);
	text[n] = '\0';
	size_t total = (size_t)n + 1;
	struct stat st_link, st_path;
	/* As decode.c decides live: a file really named "... (deleted)" is not unlinked. */
	if (n > 10 && !strcmp(text + n - 10, " (deleted)") &&
	    !(!stat(link, &st_link) && !lstat(text, &st_path) && st_link.st_ino == st_path.st_ino &&
	      st_link.st_dev == st_path.st_dev))
		text[total++] = 'D';
	/* The key bpf-capture.c's fd_record looks for. */
	uint64_t key = (uint64_t)(uint32_t)fd | (pid != proc_pid(c->pid) ? FOREIGN_KEY : 0);
	log_add(true, key, text, total);
	return n;
}

/* -Y: a pid's command name as the live run found it, kept where the eBPF side puts the name
 * it reads at the call (COMM_ADDR), for bpf-capture.c's capture_comm at replay. */
static int rec_comm(struct dctx *c, pid_t pid, char *buf, size_t len)
{
	char comm[16] = { 0 };
	int n = pid_comm_hook(pid, buf, len);

	(void)c;
	/* Not found (a child reaped by the call): an empty name, found empty at replay too. */
	if (n > 0)
		snprintf(comm, sizeof(comm), "%s", buf);
	log_add(false, COMM_ADDR(pid), comm, sizeof(comm));
	return n;
}

/* -e kvm=vcpu: KVM_RUN's exit reason as the live run read it, kept where the eBPF side puts
 * the one it reads (KVM_RUN_ADDR), for bpf-capture.c's capture_kvm_exit at replay. */
static int rec_kvm_exit(struct dctx *c, int fd, uint32_t *reason)
{
	int rc = kvm_exit_reason_live(c, fd, reason);

	if (rc == 0)
		log_add(false, KVM_RUN_ADDR(fd), reason, sizeof(*reason));
	return rc;
}

/* -yy: the socket or pidfd behind LINK, asked now, kept with the link's text for the replay
 * (bpf-capture.c's capture_sockview reads it there), and answered from. */
static bool rec_sockview(struct dctx *c, const char *link, struct sockdiag_view *v)
{
	int pid, fd, k = 0;

	if (sscanf(link, "/proc/%d/fd/%d%n", &pid, &fd, &k) != 2 || link[k] ||
	    !sockdiag_live_view(c, fd, link, v))
		return false;
	/* Every record of the link this stop made: -y's read of it and the decoder's own each
	 * logged one, and the replay may find either. */
	for (size_t i = nlog; i-- > 0;) {
		struct readlog *r = &rlog[i];
		if (!r->fd || (uint32_t)r->key != (uint32_t)fd)
			continue;
		size_t l = strnlen((const char *)r->data, r->len);
		if (r->len == l + 1) { /* the text alone so far */
			uint8_t *d = realloc(r->data, l + 1 + sizeof(*v));
			if (d) {
				memcpy(d + l + 1, v, sizeof(*v));
				r->data = d;
				r->len = (uint32_t)(l + 1 + sizeof(*v));
			}
		}
	}
	return true;
}

void recpt_setup(void)
{
	if (!record_on())
		return;
	on = true;
	live_read = tcb_reader;
	tcb_reader = rec_read;
	tracee_readlink_hook = rec_readlink;
	sockdiag_view_hook = rec_sockview;
	pid_comm_at_stop_hook = rec_comm;
	kvm_exit_reason_hook = rec_kvm_exit;
}

static bool recorded(const struct tcb *tcp)
{
	return on && tcp && !(tcp->flags & TCB_SILENT);
}

static void hdr(struct ev_hdr *h, enum ev_kind kind, struct tcb *tcp)
{
	if (!tcp->tgid) {
		long tgid = proc_status_field(tcp->pid, "Tgid");
		tcp->tgid = tgid > 0 ? (pid_t)tgid : tcp->pid;
	}
	h->kind = kind;
	h->tid = (uint32_t)tcp->pid;
	h->tgid = (uint32_t)tcp->tgid;
	h->ts = stop_ns;
}

void recpt_stop(struct tcb *tcp)
{
	struct timespec ts;

	(void)tcp;
	if (!on)
		return;
	log_clear();
	clock_gettime(CLOCK_MONOTONIC, &ts);
	stop_ns = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The stop's reads, ahead of its record. */
static void put_reads(struct tcb *tcp)
{
	static struct ev_mem m;

	for (size_t i = 0; i < nlog; i++) {
		const struct readlog *r = &rlog[i];
		if (r->fd) {
			record_fd(tcp->pid, (int64_t)r->key, r->data, r->len);
			continue;
		}
		for (uint32_t off = 0; off < r->len; off += EV_MEM_MAX) {
			uint32_t n = r->len - off < EV_MEM_MAX ? r->len - off : EV_MEM_MAX;
			hdr(&m.h, EV_MEM, tcp);
			m.h.len = n;
			m.addr = r->key + off;
			memcpy(m.data, r->data + off, n);
			record_event(&m, offsetof(struct ev_mem, data) + n);
		}
	}
	log_clear();
}

/*
 * -k: the registers and the stack above the stack pointer (up to EV_STACK_MAX bytes, as far as
 * it can be read), as the eBPF side copies them, for the replay to unwind where the live run
 * did: at a call's entry, a signal's delivery, a first exec's exit.
 */
static void put_stack(struct tcb *tcp)
{
	static struct ev_stack st;
	struct user_regs_struct regs;

	if (!opts.stack || ptrace(PTRACE_GETREGS, tcp->pid, 0L, &regs) < 0)
		return;
	_Static_assert(sizeof(regs) >= sizeof(st.regs), "pt_regs is the head of user_regs");
	memcpy(st.regs, &regs, sizeof(st.regs)); /* r15 ... rip cs eflags rsp ss: pt_regs' order */
	uint64_t sp = st.regs[EV_STACK_SP];
	size_t got = 0;
	while (got < EV_STACK_MAX) {
		/* Page by page: a read stops at the first page that is not mapped. */
		size_t want = 4096 - ((sp + got) & 4095);
		if (want > EV_STACK_MAX - got)
			want = EV_STACK_MAX - got;
		struct iovec l = { st.data + got, want }, r = { (void *)(uintptr_t)(sp + got), want };
		ssize_t n = process_vm_readv(tcp->pid, &l, 1, &r, 1, 0);
		if (n <= 0)
			break;
		got += (size_t)n;
		if ((size_t)n < want)
			break;
	}
	hdr(&st.h, EV_STACK, tcp);
	st.h.len = (uint32_t)got;
	record_event(&st, offsetof(struct ev_stack, data) + got);
}

/* --decode-pids=pidns: a thread of another pid namespace says, once, what its ids are there. */
static void put_pidns(struct tcb *tcp)
{
	struct ev_pidns e = { 0 };
	struct stat ours, its;
	char path[64], line[256];
	static const char *const keys[] = { "NSpid", "NStgid", "NSpgid", "NSsid" };

	if (!(dopts.decode_pids & DECODE_PID_NS) || tcp->rec_pidns_done)
		return;
	tcp->rec_pidns_done = true;
	snprintf(path, sizeof(path), "/proc/%d/ns/pid", proc_pid(tcp->pid));
	if (stat("/proc/self/ns/pid", &ours) || stat(path, &its) || its.st_ino == ours.st_ino)
		return;
	snprintf(path, sizeof(path), "/proc/%d/status", proc_pid(tcp->pid));
	FILE *f = fopen(path, "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		for (int k = 0; k < 4; k++) {
			size_t kl = strlen(keys[k]);
			if (strncmp(line, keys[k], kl) || line[kl] != ':')
				continue;
			/* The first number is ours, the last the innermost namespace's. */
			char *p = line + kl + 1, *end;
			long first = -1, last = -1;
			for (long v; (v = strtol(p, &end, 10)), end != p; p = end) {
				if (first < 0)
					first = v;
				last = v;
			}
			e.ns_ids[k] = last > 0 ? (uint32_t)last : 0;
			if (k >= 2)
				e.init_ids[k - 2] = first > 0 ? (uint32_t)first : 0;
		}
	}
	fclose(f);
	hdr(&e.h, EV_PIDNS, tcp);
	e.ns_inum = (uint32_t)its.st_ino;
	record_event(&e, sizeof(e));
}

void recpt_enter(struct tcb *tcp, long scno, const uint64_t args[6])
{
	struct ev_sys e = { 0 };

	if (!recorded(tcp))
		return;
	put_pidns(tcp);
	put_reads(tcp);
	if (!(tcp->flags & TCB_FILTERED))
		put_stack(tcp);
	hdr(&e.h, EV_SYS_ENTER, tcp);
	e.scno = scno;
	memcpy(e.args, args, sizeof(e.args));
	e.sp = tcp->dc.sp;
	e.ip = tcp->ip;
	tcp->rec_enter_ns = stop_ns;
	record_event(&e, sizeof(e));
}

void recpt_exit(struct tcb *tcp, int64_t rval)
{
	struct ev_sys e = { 0 };

	if (!recorded(tcp))
		return;
	/* What -e inject= did, for the replay to say so ("(INJECTED)", "(DELAYED)"). */
	if (tcp->flags & (TCB_INJECTED | TCB_POKED | TCB_DELAYED))
		record_inject(tcp);
	put_reads(tcp);
	if (rval == 0 && sysent_is_exec(tcp->dc.se) && !(tcp->flags & TCB_FILTERED))
		put_stack(tcp); /* the new program's first stack */
	hdr(&e.h, EV_SYS_EXIT, tcp);
	e.scno = tcp->dc.scno;
	memcpy(e.args, tcp->dc.arg, sizeof(e.args));
	e.ret = rval;
	e.enter_ts = tcp->rec_enter_ns;
	e.ip = tcp->ip;
	record_event(&e, sizeof(e));
}

void recpt_signal(struct tcb *tcp, const siginfo_t *si, int sig)
{
	struct ev_signal e = { 0 };

	if (!recorded(tcp))
		return;
	log_clear();
	put_stack(tcp);
	hdr(&e.h, EV_SIGNAL, tcp);
	e.sig = sig;
	if (si)
		memcpy(e.siginfo, si, sizeof(*si) < sizeof(e.siginfo) ? sizeof(*si) : sizeof(e.siginfo));
	e.ip = tcp->ip;
	record_event(&e, sizeof(e));
}

void recpt_stopped(struct tcb *tcp, int sig)
{
	if (recorded(tcp))
		record_note(REC_STOPPED, tcp->pid, sig);
}

void recpt_fork(struct tcb *parent, struct tcb *child)
{
	struct ev_fork e = { 0 };

	if (!recorded(child))
		return;
	hdr(&e.h, EV_FORK, parent && recorded(parent) ? parent : child);
	e.child = (uint32_t)child->pid;
	e.child_tgid = (uint32_t)child->tgid;
	proc_comm(child->pid, e.comm, sizeof(e.comm));
	record_event(&e, sizeof(e));
}

void recpt_exec(struct tcb *tcp, pid_t old_tid, bool detached)
{
	struct ev_exec e = { 0 };

	if (!recorded(tcp))
		return;
	tcp->tgid = 0; /* a non-leader's exec made it the leader */
	tcp->rec_pidns_done = false;
	hdr(&e.h, EV_EXEC, tcp);
	e.old_tid = (uint32_t)old_tid;
	e.detached = detached;
	proc_comm(tcp->pid, e.comm, sizeof(e.comm));
	record_event(&e, sizeof(e));
}

void recpt_exiting(struct tcb *tcp)
{
	if (recorded(tcp))
		record_note(REC_PT_EXITING, tcp->pid, 0);
}

void recpt_exit_status(struct tcb *tcp, int status)
{
	if (recorded(tcp))
		record_note(REC_PT_EXIT, tcp->pid, status);
}
