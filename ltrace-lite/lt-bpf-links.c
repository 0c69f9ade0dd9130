// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lttrace --bpf: the uprobes of the plan's sites, and their end (lt-bpf.h, "links").
 *
 * Each site's probe goes where uprobe/ksite.c says the kernel cannot change what the program
 * computes; a function with no such place is not traced, and all of those are named in one
 * warning line per batch of sites (start, each dlopen).  Where the kernel has uprobe_multi
 * links (6.6), the entry probes of one file are one link and its return probes another, with
 * the site's index as the cookie of each offset: attaching 2,900 functions of libc takes two
 * system calls instead of 5,800 perf events, and detaching two closes instead of 5,800 RCU
 * grace periods.  Elsewhere (or LTTRACE_BPF_LINKS=single, for the tests of that path) each
 * probe is its own libbpf link, destroyed by several threads at once at the end.  A function
 * lb_csite_pick gives to the program's call sites has a probe of the entry program on each of
 * its calls there and one of the return program (as a plain uprobe) on each return site.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/libbpf.h>
#include <linux/types.h>

#include "bpf/ltrace.h"
#include "uprobe/callsite.h"
#include "uprobe/ksite.h"
#include "ltrace-lite/lt-bpf.h"
#include "common/strbuf.h"
#include "bpf/umulti.h"
#include "common/log.h"
#include "common/maps.h"

static struct bpf_link **links;
static size_t nlinks, caplinks;
static struct umulti_fds mlinks; /* uprobe_multi links */
static bool multi;

bool lb_links_prepare(struct bpf_program *entry, struct bpf_program *ret)
{
	const char *e = getenv("LTTRACE_BPF_LINKS");

	multi = !(e && !strcmp(e, "single")) && umulti_supported();
	if (multi) {
		bpf_program__set_expected_attach_type(entry, UMULTI_ATTACH_TYPE);
		bpf_program__set_expected_attach_type(ret, UMULTI_ATTACH_TYPE);
	}
	return multi;
}

int lb_links_retsite(struct bpf_program *prog, pid_t pid, pid_t apid, uint64_t addr)
{
	struct mapping *m = NULL;
	int n = maps_read(pid, MAPS_FILES, &m), err = -ENOENT;
	const struct mapping *at = n > 0 ? maps_at(m, n, addr) : NULL;

	if (at && at->exec) {
		uint64_t off = addr - at->start + at->off;
		const char *why = ksite_unsafe_file(at->path, off, false);
		struct bpf_link *l = why ? NULL :
				     bpf_program__attach_uprobe(prog, false, apid, at->path, off);
		err = why ? -EINVAL : !l ? -errno : lb_links_add(l);
		if (why)
			log_warn("--bpf: a setjmp's return at %s+%#llx not probed: %s", at->path,
				 (unsigned long long)off, why);
	}
	free(m);
	return err;
}

int lb_links_add(struct bpf_link *l)
{
	if (nlinks == caplinks) {
		size_t n = caplinks ? caplinks * 2 : 64;
		struct bpf_link **v = realloc(links, n * sizeof(*v));
		if (!v) {
			bpf_link__destroy(l);
			return -ENOMEM;
		}
		links = v;
		caplinks = n;
	}
	links[nlinks++] = l;
	return 0;
}

/* One probe of PROG at OFF of PATH, with COOKIE (RET: a return probe), for APID: one link of
 * its own, or one more of BATCH's (uprobe_multi). */
static int probe(struct umulti_batch *batch, struct bpf_program *prog, bool ret, pid_t apid,
		 const char *path, uint64_t off, uint64_t cookie, const char *name)
{
	if (multi)
		return umulti_batch_add(batch, bpf_program__fd(prog), ret, apid, path, off, cookie,
					0);
	LIBBPF_OPTS(bpf_uprobe_opts, o, .bpf_cookie = cookie, .retprobe = ret);
	struct bpf_link *l = bpf_program__attach_uprobe_opts(prog, apid, path, (size_t)off, &o);
	if (!l) {
		int err = -errno;
		log_error("--bpf: %s at %s+%#llx: %s", name, path, (unsigned long long)off,
			  strerror(-err));
		return err;
	}
	return lb_links_add(l) < 0 ? -ENOMEM : 0;
}

/* Site I at its calls in program X (its entry at each, lt_return at each return site). */
static int attach_csite(struct umulti_batch *batch, const struct lb_plan *p, size_t i,
			const struct csite_exe *x, struct bpf_program *entry,
			struct bpf_program *ret, pid_t apid)
{
	const struct lb_site *s = &p->sites[i];
	size_t ncalls = 0;
	int err = 0;

	for (size_t k = 0; k < s->nnames && !err; k++) {
		const struct csite_fn *f = csite_find(x, s->names[k]);
		for (size_t c = 0; f && c < f->n && !err; c++, ncalls++) {
			err = probe(batch, entry, false, apid, x->path, f->v[c].call,
				    i | LT_CK_CSITE, s->names[0]);
			if (!err && f->v[c].ret != CSITE_NORET)
				err = probe(batch, ret, false, apid, x->path, f->v[c].ret,
					    i | LT_CK_RETSITE, s->names[0]);
		}
	}
	lb_csite_note(s, ncalls, NULL);
	return err;
}

int lb_links_attach(struct lb_plan *p, size_t from, const struct lt_fspec *specs,
		    struct bpf_program *entry, struct bpf_program *ret, pid_t apid)
{
	struct umulti_batch batch = { 0 };
	struct strbuf why = { 0 };
	size_t nskip = 0;
	int err = 0;

	for (size_t i = 0; i < p->nsites && !err; i++) {
		struct lb_site *s = &p->sites[i];
		const char *w;
		if (i < from && s->mode != LB_CSITE)
			continue;
		/* A site at its call sites stays so while it may (a new program since an exec:
		 * its calls there too), else gets its entry and return probes. */
		const struct csite_exe *x = lb_csite_pick(p, i, &specs[i], &w);
		if (x && (s->mode != LB_CSITE || s->cs_exe != x->path)) {
			s->mode = LB_CSITE;
			s->cs_exe = x->path;
			err = attach_csite(&batch, p, i, x, entry, ret, apid);
			continue;
		}
		if (x)
			continue;
		if (w)
			lb_csite_note(s, 0, w);
		s->mode = LB_ENTRY;
		if (ksite_entry_file(s->path, s->off, true, &s->poff, &w) < 0) {
			sb_printf(&why, "%s%s (%s)", nskip++ ? "; " : "", s->names[0], w);
			continue;
		}
		for (int r = 0; r < (lb_site_noret(p, s) ? 1 : 2) && !err; r++)
			err = probe(&batch, r ? ret : entry, r, apid, s->path, s->poff, i,
				    s->names[0]);
	}
	lb_csite_say();
	if (nskip)
		log_warn("--bpf: %zu function%s not traced, where the kernel's probe would change "
			 "what the program computes or is refused: %s",
			 nskip, nskip > 1 ? "s" : "", sb_str(&why));
	const char *path;
	uint32_t n;
	if (!err && (err = umulti_batch_flush(&batch, &mlinks, &path, &n)) < 0)
		log_error("--bpf: %u probes on %s: %s", n, path, strerror(-err));
	sb_free(&why);
	umulti_batch_free(&batch);
	return err;
}

struct detach_job {
	size_t from, step;
};

static void *detach_some(void *arg)
{
	const struct detach_job *j = arg;

	for (size_t i = j->from; i < nlinks; i += j->step)
		bpf_link__destroy(links[i]);
	return NULL;
}

/*
 * A single link's perf event waits for an RCU grace period at its close (~0.1 s here): those
 * are destroyed by several threads at once.  A uprobe_multi link is one close.
 */
void lb_links_detach(void)
{
	enum { NJOBS = 8 };
	pthread_t th[NJOBS];
	struct detach_job jobs[NJOBS];
	bool started[NJOBS] = { false };

	umulti_fds_close(&mlinks);
	for (size_t k = 1; k < NJOBS && k < nlinks; k++) {
		jobs[k] = (struct detach_job){ k, NJOBS };
		started[k] = pthread_create(&th[k], NULL, detach_some, &jobs[k]) == 0;
	}
	for (size_t k = 0; k < NJOBS; k++)
		if (!started[k]) {
			jobs[k] = (struct detach_job){ k, NJOBS };
			detach_some(&jobs[k]);
		}
	for (size_t k = 1; k < NJOBS; k++)
		if (started[k])
			pthread_join(th[k], NULL);
	free(links);
	links = NULL;
	nlinks = caplinks = 0;
}
