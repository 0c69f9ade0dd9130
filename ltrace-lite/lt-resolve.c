// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Which functions get breakpoints, and where: ltrace's sets resolved against the objects
 * mapped in a process, again at every dlopen (see lt-space.c for the whole picture).
 *  - -e (default @MAIN): the functions an object imports (.dynsym undefined symbols), armed in
 *    the object that defines them; -l LIB: the imports other objects take from LIB; -x: the
 *    functions an object defines.  A static program imports nothing: its libc functions are
 *    those with a known prototype, or those -e names.
 *  - IFUNCs: the resolver's choice is read from the GOT slots relocations name (JUMP_SLOT,
 *    GLOB_DAT, IRELATIVE) once the loader has filled them, and the resolver itself gets a
 *    breakpoint for the choices made later (lazy binding, dlopen, static IRELATIVE).
 *  - dlopen: _dl_debug_state, or the returns of dlopen/dlmopen/dlclose when it cannot hold
 *    an int3.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "uprobe/ifunc.h"
#include "ltrace-lite/lt-space-int.h"
#include "common/maps.h"
#include "common/proc.h"
#include "uprobe/prologue.h"
#include "common/log.h"
#include "common/stacktrace.h"
#include "common/strbuf.h"

/* Functions whose breakpoint could not be placed since the last flush: one warning line. */
static struct strbuf refused;
static size_t nrefused;

static void refuse(const char *name, uint64_t addr, int err)
{
	sb_printf(&refused, "%s%s at %#" PRIx64 " (%s)", nrefused++ ? "; " : "", name, addr,
		  err == -EBUSY ? "an int3 that is not ours already there" : strerror(-err));
}

/* What one resolution could not place, in one line; the trace goes on without it. */
static void flush_refused(void)
{
	if (nrefused)
		log_warn("%zu function%s not traced, where no breakpoint can be placed: %s",
			 nrefused, nrefused > 1 ? "s" : "", sb_str(&refused));
	sb_reset(&refused);
	nrefused = 0;
}

/* A function's breakpoint at ADDR, or (taken by another tool's int3) past its first
 * instruction; what fails is named in the warning. */
static int arm_late(struct space *s, uint64_t addr, int d, const char *name,
		    const struct mapping *m, int nm);
static void arm_func_at(struct space *s, uint64_t addr, int d, const char *name,
			const struct mapping *m, int nm)
{
	int rc = space_arm(s, addr, SITE_FUNC, d, name);

	if (rc == -EBUSY)
		rc = arm_late(s, addr, d, name, m, nm);
	if (rc < 0 && rc != -EEXIST)
		refuse(name, addr, rc);
}

static bool exec_mapped(const struct mapping *m, int nm, uint64_t addr)
{
	const struct mapping *at = maps_at(m, nm, addr);

	return at && at->exec;
}

/* The implementations an IFUNC's resolver chose, wherever a slot already holds them. */
static void arm_ifunc_slots(struct space *s, int d, const char *name, uint64_t resolver,
			    const struct mapping *m, int nm)
{
	uint64_t impl[8];
	size_t n = uprobe_ifunc_chosen(s->tgid, s->objs, s->nobjs, (size_t)d, name, resolver, impl,
				       8);

	for (size_t i = 0; i < n; i++) {
		if (!exec_mapped(m, nm, impl[i]))
			continue;
		arm_func_at(s, impl[i], d, name, m, nm);
	}
}

/*
 * The entry already holds an int3 that is not ours: a kernel uprobe of some BPF tool, which
 * the kernel takes without telling us.  When the function's first instruction (read from the
 * file) leaves the arguments alone — endbr64, nop, push, test, mov %rsp,%rbp, sub $n,%rsp, as
 * functions begin — the breakpoint goes on the second instruction instead, with what the first
 * did to the stack pointer noted, so the return address is still found.
 */
static int arm_late(struct space *s, uint64_t addr, int d, const char *name,
		    const struct mapping *m, int nm)
{
	const struct mapping *mp = maps_at(m, nm, addr);
	uint8_t c[8];
	int adj = 0, idx;
	size_t n = mp ? uprobe_read_code(mp->path, addr - mp->start + mp->off, c, sizeof(c)) : 0;

	if (n < sizeof(c))
		return -EIO;
	int len = uprobe_prologue_insn(c, n, &adj);
	if (!len)
		return -EBUSY;
	if ((idx = space_arm(s, addr + (uint64_t)len, SITE_FUNC, d, name)) < 0)
		return idx;
	s->sites[idx].skip = (uint8_t)len;
	s->sites[idx].sp_adj = adj;
	return idx;
}

static void arm_function(struct space *s, int d, const char *name, const struct mapping *m,
			 int nm)
{
	const struct uprobe_sym *sym = uprobe_elf_find(s->objs[d].elf, name);
	uint64_t addr;

	if (!sym)
		return;
	addr = s->objs[d].bias + sym->vaddr;
	if (!exec_mapped(m, nm, addr))
		return;
	if (!sym->ifunc) {
		arm_func_at(s, addr, d, name, m, nm);
		return;
	}
	space_arm(s, addr, SITE_RESOLVER, d, name);
	arm_ifunc_slots(s, d, name, addr, m, nm);
}

struct arm_ctx {
	struct space *s;
	const struct mapping *m;
	int nm;
};

static void arm_named(void *ctx, int d, const char *name)
{
	struct arm_ctx *a = ctx;

	arm_function(a->s, d, name, a->m, a->nm);
}

/*
 * The loader calls _dl_debug_state at every change of the link map (dlopen, dlclose).  When
 * it cannot hold our int3 (a kernel uprobe of a BPF tool already has an int3 there, which
 * the kernel handles without a signal), the returns of dlopen, dlmopen and dlclose do.
 */
static void arm_rtld(struct space *s, const struct uprobe_obj *o)
{
	const char *base = strrchr(o->path, '/');
	const struct uprobe_sym *sym;

	if (!s->rtld && !strncmp(base ? base + 1 : o->path, "ld-", 3) && o->elf &&
	    (sym = uprobe_elf_find(o->elf, "_dl_debug_state")) &&
	    space_arm(s, o->bias + sym->vaddr, SITE_RTLD, -1, NULL) >= 0)
		s->rtld = true;
}

static void arm_dlopen(struct space *s, const struct mapping *m, int nm)
{
	static const char *const fns[] = { "dlopen", "dlmopen", "dlclose" };

	for (size_t i = 0; i < s->nobjs && !s->rtld && !s->dlopen_hook; i++) {
		const struct uprobe_obj *o = &s->objs[i];
		const struct uprobe_sym *sym;
		for (size_t k = 0; k < 3 && !o->gone && o->elf; k++)
			if ((sym = uprobe_elf_find(o->elf, fns[k])) &&
			    exec_mapped(m, nm, o->bias + sym->vaddr) &&
			    space_arm(s, o->bias + sym->vaddr, SITE_DLOPEN, (int)i, fns[k]) >= 0)
				s->dlopen_hook = true;
	}
}

/*
 * Bring S in line with what is mapped now: objects gone are forgotten (their int3s went with
 * them), new ones read, and the plan armed again (arm() leaves what is there alone).
 */
void space_resolve(struct space *s)
{
	struct mapping *m = NULL;
	char exe[PATH_MAX] = "";
	int nm = maps_read(s->tgid, MAPS_FILES, &m);
	bool added = false, gone = false;

	s->resolved = true;
	if (nm < 0)
		return;
	proc_exe(s->tgid, exe, sizeof(exe));
	for (size_t j = 0; j < s->nobjs; j++) {
		struct uprobe_obj *o = &s->objs[j];
		bool there = false;
		for (int i = 0; i < nm && !there; i++)
			there = m[i].start <= o->lo && o->lo < m[i].end && !strcmp(m[i].path, o->path);
		if (there || o->gone)
			continue;
		o->gone = gone = true;
		bp_space_forget(&s->bs, o->lo, o->hi);
	}
	for (int i = 0; i < nm; i++) {
		bool seen = false;
		for (size_t j = 0; j < s->nobjs && !seen; j++)
			seen = !s->objs[j].gone && !strcmp(s->objs[j].path, m[i].path);
		if (seen)
			continue;
		struct uprobe_obj o;
		if (uprobe_obj_from_maps(m, nm, i, exe, &o) < 0)
			continue;
		struct uprobe_obj *v = realloc(s->objs, (s->nobjs + 1) * sizeof(*v));
		if (!v)
			break;
		s->objs = v;
		v[s->nobjs++] = o;
		if (o.is_main && o.elf->is_static)
			s->is_static = true;
		arm_rtld(s, &o);
		added = true;
	}
	if (added) {
		arm_dlopen(s, m, nm);
		lt_filter_walk(s->objs, s->nobjs, s->is_static, arm_named,
			       &(struct arm_ctx){ s, m, nm });
	}
	flush_refused();
	/* -w: the unwinder's view of the mappings is stale (it is by process: all threads). */
	if ((added || gone) && lt_opts.bt_depth)
		stacktrace_forget(s->tgid);
	free(m);
}
