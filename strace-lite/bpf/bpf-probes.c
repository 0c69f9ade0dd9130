// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e usdt=, -e uprobe= and -e uretprobe= under --bpf: the hooks bpf-run.c calls, the hits
 * printed with the ptrace backend's printers, and processes held while something is done for
 * them.  Attaching is in bpf-probes-attach.c; docs/bpf.md ("Probes under --bpf") has the design.
 *
 * Which objects: those mapped in a traced process, read from /proc/PID/maps whenever the
 * dynamic loader says its link map is consistent: the loader's _dl_debug_state (r_brk) carries
 * a uprobe of its own that, for RT_CONSISTENT, holds the process and tells us; we attach the
 * objects that came in and resume it.  That covers the program and its DT_NEEDED libraries
 * (the loader calls it once they are all mapped, before any of their code runs), LD_PRELOAD
 * and dlopen alike, with no hit lost after a dlopen.  Before that, every exec of a traced
 * thread holds it before the new program's first instruction (probe_exec), to attach the
 * program and its loader, or a static program, from what the kernel mapped; -p resolves what
 * is mapped at once.
 *
 * Holding: the BPF side moves the thread out of "traced" (into "held") and sends it SIGSTOP;
 * we resume it with a SIGCONT to that thread, which puts it back (held_resume): sysbpf
 * reports neither signal.  A hit holds its process too when it has an xmm argument (the
 * registers are read from the stopped thread's FPU state), a string argument the kernel could
 * not read (read from the process before it runs on), or finds the ring buffer over half full
 * (threads wait for the trace to be written rather than lose hits).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "common/proc.h"
#include "common/stacktrace.h"
#include "strace-lite/bpf/bpf-run.h"
#include "common/event.h"
#include "common/json.h"
#include "strace-lite/bpf/bpf-capture.h"
#include "common/print.h"
#include "strace-lite/probe/probe-int.h"
#include "bpf/probes.h"
#include "proto/proto.h"
#include "strace-lite/bpf/bpf-probes.h"
#include "gen/probes.skel.h"
#include "strace-lite/sttrace.h"
#include "common/log.h"

struct probes *probes_skel;
static unsigned long long hit_records; /* EV_PROBE_HIT and EV_PROBE_RET read */

/* ---- the hooks of bpf-run.c ---------------------------------------------------------------- */

static int load(void)
{
	int err;

	probes_skel = probes__open();
	if (!probes_skel)
		return bpfbe_error("probes: open", -errno);
	/* -s + 1 characters and the NUL: whether a string is longer than -s shows. */
	probes_skel->rodata->str_max = (uint32_t)(print_opts_get()->max_strlen + 2 < PROBE_STR_MAX ?
					   print_opts_get()->max_strlen + 2 : PROBE_STR_MAX);
	if ((err = bpf_map__reuse_fd(probes_skel->maps.events, bpfbe_events_fd())) < 0 ||
	    (err = bpf_map__reuse_fd(probes_skel->maps.traced, bpfbe_traced_fd())) < 0 ||
	    (err = bpf_map__reuse_fd(probes_skel->maps.traced_gen, bpfbe_traced_gen_fd())) < 0)
		return bpfbe_error("probes: the shared maps", err);
	probes_skel->rodata->ring_size = bpf_map__max_entries(probes_skel->maps.events);
	probes_skel->rodata->want_ts = opts.ts_format || opts.rflag || opts.Tflag || opts.json ||
					 event_sinks_active();
	probes_skel->rodata->quiet = opts.cflag == 1;
	probes_skel->rodata->count_hits = opts.cflag != 0;
	bpf_latency_load(probes_skel);
	probes_links_prepare();
	/* -k alone needs only the holds (exec, the loader's link map): the probes' own programs,
	 * the largest to verify (3 s of a 3.5 s start), are left out. */
	if (!probe_nspecs) {
		bpf_program__set_autoload(probes_skel->progs.probe_hit, false);
		bpf_program__set_autoload(probes_skel->progs.probe_ret, false);
	}
	if ((err = probes__load(probes_skel)) < 0)
		return bpfbe_error("probes: load", err);
	probes_skel->links.held_resume = bpf_program__attach(probes_skel->progs.held_resume);
	if (!probes_skel->links.held_resume)
		return bpfbe_error("probes: attach tp_btf/signal_generate", -errno);
	probes_skel->links.probe_exec = bpf_program__attach(probes_skel->progs.probe_exec);
	if (!probes_skel->links.probe_exec)
		return bpfbe_error("probes: attach tp_btf/sched_process_exec", -errno);
	probes_spec_done = calloc(probe_nspecs + 1, sizeof(*probes_spec_done));
	return probes_spec_done ? 0 : -ENOMEM;
}

static pid_t tgid_of(pid_t tid);

int bpf_probes_attach(pid_t pid, bool spawned)
{
	int err;

	/* -k: the holds at exec and at the loader's link map are when maps are read for the
	 * stacks (stacktrace_snapshot), with or without probes. */
	if (!probe_nspecs && !opts.stack)
		return 0;
	if (!probes_skel && (err = load()) < 0)
		return err;
	/*
	 * Held before its execve, nothing of the program is mapped yet: probe_exec holds it again
	 * once it is, before its first instruction.
	 */
	if (!spawned)
		probes_resolve(pid, true);
	/* -p: what is mapped now, read while the process is there (it may be gone by the time
	 * its stacks are unwound); later maps come at the loader's link-map holds. */
	if (!spawned && opts.stack)
		stacktrace_snapshot(tgid_of(pid) > 0 ? tgid_of(pid) : pid);
	return 0;
}

static pid_t tgid_of(pid_t tid)
{
	return (pid_t)proc_status_field(tid, "Tgid");
}

static uint64_t stat_sum(uint32_t key)
{
	int ncpu = libbpf_num_possible_cpus();
	uint64_t sum = 0;

	if (!probes_skel || ncpu <= 0)
		return 0;
	uint64_t *v = calloc((size_t)ncpu, sizeof(*v));
	if (v && bpf_map_lookup_elem(bpf_map__fd(probes_skel->maps.probe_stats), &key, v) == 0)
		for (int i = 0; i < ncpu; i++)
			sum += v[i];
	free(v);
	return sum;
}

/* -c, -C: the kernel's hits per site, into the summary under the names the lines use. */
static void count_hits(void)
{
	int ncpu = libbpf_num_possible_cpus(), fd = bpf_map__fd(probes_skel->maps.site_hits);
	uint64_t *v = ncpu > 0 ? calloc((size_t)ncpu, sizeof(*v)) : NULL;

	for (uint32_t key = 0; v && key < probes_nsites; key++) {
		const struct usite *us = &probes_sites[key];
		uint64_t sum = 0;
		if (us->kind < 0 || us->kind == SITE_RESOLVER || us->silent ||
		    bpf_map_lookup_elem(fd, &key, v) < 0)
			continue;
		for (int i = 0; i < ncpu; i++)
			sum += v[i];
		if (sum)
			probe_summary_add(us->kind == SPEC_USDT ? "usdt" :
					  us->kind == SPEC_URETPROBE ? "uretprobe" : "uprobe",
					  us->label, sum);
	}
	free(v);
}

uint64_t bpf_probes_lost(void)
{
	return stat_sum(PSTAT_LOST);
}

void bpf_probes_detach(void)
{
	uint64_t lost = bpf_probes_lost();

	/* STTRACE_BPF_LOG=1: how often processes were held (dlopen, exec, xmm, a full buffer),
	 * how many hits were sent (--latency's own probes send none). */
	if (getenv("STTRACE_BPF_LOG") && probes_skel) {
		log_info("--bpf: probes: %llu holds", (unsigned long long)stat_sum(PSTAT_HOLDS));
		log_info("--bpf: probes: %llu hit records", hit_records);
	}

	if (lost)
		log_warn("--bpf: %llu probe hits lost (ring buffer full): the trace is incomplete",
			 (unsigned long long)lost);
	bpf_latency_report(probes_skel, stat_sum(PSTAT_LAT_FULL));
	/* A process still held (sttrace interrupted before it read the record) runs on. */
	uint32_t key, next, *prev = NULL;
	int hfd = probes_skel ? bpf_map__fd(probes_skel->maps.held) : -1;
	while (hfd >= 0 && bpf_map_get_next_key(hfd, prev, &next) == 0) {
		pid_t tgid = tgid_of((pid_t)next);
		if (tgid > 0)
			syscall(SYS_tgkill, tgid, (pid_t)next, SIGCONT);
		key = next;
		prev = &key;
	}
	probes_unlink_all();
	if (opts.cflag && probes_skel)
		count_hits();
	probes__destroy(probes_skel);
	probes_skel = NULL;
}

/*
 * A string the kernel could not read (a page the program has not touched yet, which a BPF
 * program cannot fault in), read now from the process as the ptrace side reads it: any memory
 * while its thread is held at the hit (probes.bpf.c holds it for this; an xmm hit was let go
 * before it prints, see fetch_xmm), else only a read-only file mapping, which cannot have
 * changed since: the bytes the kernel's EV_ROMAP record had read from the mapping's file, ahead
 * of the hit (the process may be gone), else the process's (capture_readonly_read), as for
 * syscalls.
 */
struct reread {
	pid_t tid, tgid; /* the held thread; the process, which may outlive the thread */
	bool held;
};

static int reread(void *priv, uint64_t addr, void *buf, size_t len)
{
	const struct reread *r = priv;

	if (r->held)
		return proc_vm_read(r->tid, addr, buf, len);
	if (capture_pending_copy(r->tid, addr, buf, len) == len)
		return 0; /* read from its file (EV_ROMAP): the process may be gone */
	return capture_readonly_read(r->tgid, addr, buf, len) == len ? 0 : -EFAULT;
}

static struct reread reread_of(const struct ev_probe *e)
{
	return (struct reread){ (pid_t)e->h.tid, (pid_t)e->h.tgid,
				(e->bad & (PROBE_HELD | PROBE_XMM)) == PROBE_HELD };
}

/* String value I of hit E, of which the kernel captured GOT bytes into BUF (0: none). */
static void print_str_value(struct strbuf *sb, const struct ev_probe *e, int i, const char *buf,
			    size_t got)
{
	struct reread r = reread_of(e);

	if (got)
		probe_print_string(sb, e->v[i], buf, got);
	else
		probe_print_str(sb, e->v[i], reread, &r);
}

/* What a hit captured at each value (PCAP_*): the bytes and their count (0: unreadable). */
struct hitcap {
	const char *data[PROBE_MAX_ARGS];
	uint32_t n[PROBE_MAX_ARGS];
};

/* The captures of hit E (LEN bytes) of site US, in the order of its values. */
static void hit_captures(const struct usite *us, const struct ev_probe *e, size_t len,
			 struct hitcap *hc)
{
	const char *str = (const char *)(e + 1), *end = (const char *)e + len;

	memset(hc, 0, sizeof(*hc));
	for (int i = 0; i < us->nargs && i < PROBE_MAX_ARGS; i++) {
		bool cap = us->proto ? us->cap[i] != PCAP_NONE :
			   us->kind == SPEC_USDT ? us->hints[i] == 's' :
			   (us->kind == SPEC_URETPROBE ? us->hints[0] : us->hints[i]) == 's';
		uint32_t n;
		if (!cap || str + 4 > end)
			continue;
		/* The length word, the bytes padded to 4. */
		memcpy(&n, str, 4);
		if (n && str + 4 + n <= end) {
			hc->data[i] = str + 4;
			hc->n[i] = n;
		}
		str += 4 + ((n + 3) & ~3u);
	}
}

/* Value I of hit E, of site US, by its hint or spec: printed as the ptrace side prints it. */
static void print_value(struct strbuf *sb, const struct usite *us, const struct ev_probe *e,
			int i, const struct hitcap *hc)
{
	char h = us->kind == SPEC_URETPROBE ? us->hints[0] : us->hints[i];
	const char *buf = hc->data[i];
	size_t got = 0;

	if (buf) {
		/*
		 * N counts the NUL: bytes as the ptrace side reads them (-s + 1 at most, with the
		 * NUL when the string ends within them).
		 */
		size_t len = hc->n[i] - 1, max = print_opts_get()->max_strlen;
		got = len <= max ? len + 1 : max + 1;
	}
	if (e->bad & (1u << i)) {
		sb_puts(sb, "?");
		return;
	}
	if (us->kind == SPEC_USDT) {
		const struct usdt_arg *a = &us->argv[i];
		if (h == 's')
			print_str_value(sb, e, i, buf, got);
		else
			probe_print_value(sb, NULL, e->v[i], a->size ? a->size : 8, a->is_signed,
					  a->is_float, h);
		return;
	}
	if (!h)
		h = 'x';
	if (h == 's')
		print_str_value(sb, e, i, buf, got);
	else
		probe_print_value(sb, NULL, e->v[i], h == 'd' || h == 'u' ? 4 : 8, false, false, h);
}

/* The memory of a hit printed by a prototype: what was captured, else the process's, read now
 * (reread: while the thread is held, or a read-only file mapping). */
struct hitmem {
	struct reread rr;
	struct lt_region r[PROBE_MAX_ARGS];
	int n;
};

static int hit_read(void *priv, uint64_t addr, void *buf, size_t len)
{
	struct hitmem *m = priv;

	if (lt_regions_read(m->r, m->n, addr, buf, len) == 0)
		return 0;
	return reread(&m->rr, addr, buf, len);
}

/* A function's arguments (a uretprobe: its value) by its prototype, as lttrace prints them. */
static void format_proto(struct strbuf *sb, const struct usite *us, const struct ev_probe *e,
			 const struct hitcap *hc, const uint64_t *xmm)
{
	struct hitmem m = { .rr = reread_of(e) };
	struct lt_vctx v = { .pid = (pid_t)e->h.tid, .read = hit_read, .priv = &m,
			     .strsize = print_opts_get()->max_strlen, .arraylen = PROBE_ARRAYLEN };
	bool ret = us->kind == SPEC_URETPROBE;

	for (int i = 0; i < us->nargs && i < PROBE_MAX_ARGS; i++) {
		uint64_t val = e->bad & (1u << i) ? 0 : e->v[i];
		if (i < us->niregs && !ret)
			v.iregs[i] = val;
		if (i == us->spidx)
			v.sp = val;
		if (hc->data[i])
			m.r[m.n++] = (struct lt_region){ val, hc->n[i],
							 us->cap[i] == PCAP_STR,
							 (const uint8_t *)hc->data[i] };
	}
	v.have_fregs = xmm != NULL;
	for (int i = 0; xmm && i < 8; i++)
		memcpy(&v.fregs[i], &xmm[i], sizeof(double));
	if (ret) {
		v.ret = e->v[0];
		if (xmm)
			memcpy(&v.fret, &xmm[0], sizeof(double));
		lt_proto_print_ret(sb, us->proto, &v);
	} else {
		lt_proto_print_args(sb, us->proto, &v);
	}
}

static void format_values(struct strbuf *sb, const struct usite *us, const struct ev_probe *e,
			  size_t len, const uint64_t *xmm)
{
	struct hitcap hc;

	hit_captures(us, e, len, &hc);
	if (us->proto) {
		format_proto(sb, us, e, &hc, xmm);
		return;
	}
	for (int i = 0; i < us->nargs && i < PROBE_MAX_ARGS; i++) {
		if (i)
			sb_puts(sb, ", ");
		print_value(sb, us, e, i, &hc);
	}
}

static void print_hit(struct tcb *tcp, const struct usite *us, const struct ev_probe *e,
		      size_t len, const uint64_t *xmm)
{
	sb_reset(&tcp->sb);
	format_values(&tcp->sb, us, e, len, xmm);
	probe_emit_hit(tcp, us->kind, us->label, us->silent);
}

/*
 * Holds seen per process: each one makes its parent a SIGCHLD (CLD_STOPPED) and another
 * (CLD_CONTINUED), which are ours to hide (bpf_probes_signal_is_ours).
 */
static struct {
	pid_t tgid;
	int n;
} holds[256];

static void hold_seen(pid_t tgid)
{
	int free_slot = -1;

	for (int i = 0; i < 256; i++) {
		if (holds[i].n && holds[i].tgid == tgid) {
			holds[i].n += 2;
			return;
		}
		if (!holds[i].n && free_slot < 0)
			free_slot = i;
	}
	if (free_slot >= 0)
		holds[free_slot].tgid = tgid, holds[free_slot].n = 2;
}

/*
 * Thread TID, held by probes.bpf.c (out of "traced", SIGSTOP sent), is resumed: a SIGCONT to
 * that thread (it resumes the whole process), which puts it back into "traced" in the kernel
 * (held_resume) without being reported.  A thread gone meanwhile leaves its entry: dropped.
 */
static void release(pid_t tgid, pid_t tid)
{
	uint32_t key = (uint32_t)tid;

	hold_seen(tgid);
	if (syscall(SYS_tgkill, tgid, tid, SIGCONT) < 0)
		bpf_map_delete_elem(bpf_map__fd(probes_skel->maps.held), &key);
}

static void print_probe(struct tcb *tcp, const struct usite *us, const struct ev_probe *e,
			size_t len, const uint64_t *xmm);

/* The state letter of thread TID of TGID ('T' stopped), 0 when it is gone. */
static char thread_state(pid_t tgid, pid_t tid)
{
	char path[64], buf[512], *p;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", tgid, tid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : 0;
}

/*
 * A hit that wants xmm registers holds its thread: once it is stopped, its FPU state is in
 * memory; the SIGCONT that releases it has the kernel side copy the xmm registers into *X
 * (held_resume).  False for a thread not seen stopped in time (another SIGCONT resumed it
 * first): its registers live on in the CPU, and print as "?".
 */
static bool fetch_xmm(pid_t tgid, pid_t tid, struct xmm_regs *x)
{
	int xfd = bpf_map__fd(probes_skel->maps.xmm);
	uint32_t key = (uint32_t)tid;
	bool stopped = false;

	*x = (struct xmm_regs){ .state = 1 };
	for (int i = 0; i < 20000 && !stopped; i++) { /* 200 ms at most */
		char c = thread_state(tgid, tid);
		if (!c || c == 'Z' || c == 'X')
			break;
		if (!(stopped = c == 'T' || c == 't'))
			usleep(10);
	}
	if (stopped)
		bpf_map_update_elem(xfd, &key, x, BPF_ANY);
	release(tgid, tid);
	if (!stopped || bpf_map_lookup_elem(xfd, &key, x) < 0 || x->state != 2)
		x->state = 0;
	bpf_map_delete_elem(xfd, &key);
	return x->state == 2;
}

/* USDT arguments in xmm registers, which the BPF side marked unreadable, from X. */
static void usdt_xmm(const struct usite *us, struct ev_probe *e, const struct xmm_regs *x)
{
	for (int i = 0; us->kind == SPEC_USDT && i < us->nargs && i < PROBE_MAX_ARGS; i++) {
		const struct usdt_arg *a = &us->argv[i];
		if (a->kind != USDT_LOC_REG || a->reg < 17 || a->reg > 32)
			continue;
		e->v[i] = x->v[a->reg - 17];
		e->bad &= ~(1u << i);
	}
}

void bpf_probes_event(struct tcb *tcp, const void *data, size_t len)
{
	const struct ev_hdr *h = data;
	struct xmm_regs x;

	if (len < sizeof(*h))
		return;
	if (h->kind == EV_PROBE_RTLD || h->kind == EV_PROBE_EXEC) {
		/* Stopped by the BPF side (or about to stop): attach what came in, resume. */
		const struct ev_rtld *r = data;
		probes_resolve((pid_t)h->tgid, h->kind == EV_PROBE_RTLD ||
				(len >= sizeof(*r) && !r->dynamic));
		if (opts.stack)
			stacktrace_snapshot((pid_t)h->tgid);
		release((pid_t)h->tgid, (pid_t)h->tid);
		return;
	}
	const struct ev_probe *e = data;
	if (len < offsetof(struct ev_probe, v))
		return;
	hit_records++;
	const struct usite *us = e->site < probes_nsites ? &probes_sites[e->site] : NULL;
	bool show = us && us->kind >= 0 && us->kind != SITE_RESOLVER && tcp && !hide_log(tcp) &&
		    (opts.cflag != 1 || us->silent);
	if (us && us->kind == SITE_RESOLVER && len >= offsetof(struct ev_probe, v[1])) {
		/* The process waits (held) while what its IFUNC resolver chose gets its probes. */
		probes_ifunc_chosen(us, (pid_t)h->tgid, e->v[0]);
	} else if (us && (e->bad & PROBE_XMM)) {
		struct ev_probe *c = malloc(len > sizeof(*c) ? len : sizeof(*c));
		if (c) {
			memset(c, 0, sizeof(*c));
			memcpy(c, e, len);
			bool ok = fetch_xmm((pid_t)h->tgid, (pid_t)h->tid, &x);
			if (ok)
				usdt_xmm(us, c, &x);
			if (show)
				print_probe(tcp, us, c, len, ok ? (const uint64_t *)x.v : NULL);
			free(c);
			return;
		}
	} else if (show) {
		print_probe(tcp, us, e, len, NULL);
	}
	if (e->bad & PROBE_HELD)
		release((pid_t)h->tgid, (pid_t)h->tid);
}

static void print_probe(struct tcb *tcp, const struct usite *us, const struct ev_probe *e,
			size_t len, const uint64_t *xmm)
{
	if (len >= sizeof(*e)) {
		print_hit(tcp, us, e, len, xmm);
		return;
	}
	/* v[] cut to the values present: copy into a whole record. */
	struct ev_probe full;
	memset(&full, 0, sizeof(full));
	memcpy(&full, e, len);
	print_hit(tcp, us, &full, sizeof(full), xmm);
}

bool bpf_probes_signal_is_ours(pid_t tid, int sig, const siginfo_t *si)
{
	(void)tid;
	if (!probes_skel)
		return false;
	/* The held thread is out of "traced" for both: should they show all the same. */
	if ((sig == SIGSTOP && si->si_code == SI_KERNEL) ||
	    (sig == SIGCONT && si->si_code == SI_TKILL && si->si_pid == getpid()))
		return true;
	if (sig != SIGCHLD || (si->si_code != CLD_STOPPED && si->si_code != CLD_CONTINUED))
		return false;
	for (int i = 0; i < 256; i++) {
		if (holds[i].n && holds[i].tgid == si->si_pid) {
			holds[i].n--;
			return true;
		}
	}
	return false;
}
