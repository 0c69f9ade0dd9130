// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ltrace's filter chains (-e, -x, -l).  A chain is rules `[+-]SYM[@LIB]` read left to right:
 * a `+` rule selects what it matches, a `-` rule drops it again; a chain that starts with `-`
 * starts from `*@*`.  SYM and LIB are globs, or regular expressions between slashes
 * (`/^str/`, `/xxx@yyy/` = `/xxx/@/yyy/`); LIB `MAIN` is the program itself, a LIB starting
 * with '/' is matched against the path, anything else against the soname.  Several chains of
 * one kind (several -e) select what any of them selects.
 */
#include <errno.h>
#include <fnmatch.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ltrace-lite/lt.h"

struct pattern {
	char *text;
	bool is_re, is_main, is_path;
	regex_t re;
};

struct rule {
	bool add;
	struct pattern sym, lib;
};

struct chain {
	enum lt_filter_kind kind;
	struct rule *rules;
	size_t n;
};

static struct chain *chains;
static size_t nchains;

static int pattern_init(struct pattern *p, const char *text, bool is_re, bool lib, char *err,
			size_t errlen)
{
	memset(p, 0, sizeof(*p));
	p->is_re = is_re;
	if (!(p->text = strdup(text)))
		return -ENOMEM;
	if (lib && !is_re && !strcmp(text, "MAIN"))
		p->is_main = true;
	else if (lib && !is_re && text[0] == '/')
		p->is_path = true;
	if (is_re && regcomp(&p->re, text, REG_EXTENDED | REG_NOSUB)) {
		snprintf(err, errlen, "invalid regular expression '%s'", text);
		free(p->text);
		p->text = NULL;
		p->is_re = false;
		return -EINVAL;
	}
	return 0;
}


static void pattern_free(struct pattern *p)
{
	if (p->is_re)
		regfree(&p->re);
	free(p->text);
}

static bool pattern_match(const struct pattern *p, const char *s)
{
	if (p->is_re)
		return !regexec(&p->re, s, 0, NULL, 0);
	return !fnmatch(p->text, s, 0);
}

static bool lib_match(const struct pattern *p, const char *soname, const char *path, bool is_main)
{
	if (p->is_main)
		return is_main;
	if (p->is_path)
		return path && pattern_match(p, path);
	return pattern_match(p, soname) || (p->is_re && path && pattern_match(p, path));
}

/* -l LIB: every symbol of the libraries LIB (a glob) names, taken whole: a '-' or '+' in a
 * library name (liba-b.so) is part of it, not the start of a rule as in -e. */
static int add_lib_chain(const char *lib, char *err, size_t errlen)
{
	struct chain c = { .kind = LT_FILTER_L };
	struct chain *v;
	int rc;

	if (!*lib) {
		snprintf(err, errlen, "empty library name");
		return -EINVAL;
	}
	if (!(c.rules = calloc(1, sizeof(*c.rules))))
		return -ENOMEM;
	c.rules[0].add = true;
	if ((rc = pattern_init(&c.rules[0].sym, "*", false, false, err, errlen)) < 0)
		goto fail;
	if ((rc = pattern_init(&c.rules[0].lib, lib, false, true, err, errlen)) < 0) {
		pattern_free(&c.rules[0].sym);
		goto fail;
	}
	c.n = 1;
	if (!(v = realloc(chains, (nchains + 1) * sizeof(*v)))) {
		pattern_free(&c.rules[0].sym);
		pattern_free(&c.rules[0].lib);
		rc = -ENOMEM;
		goto fail;
	}
	chains = v;
	chains[nchains++] = c;
	return 0;
fail:
	free(c.rules);
	return rc;
}

int lt_filter_add(enum lt_filter_kind kind, const char *expr, char *err, size_t errlen)
{
	char *buf, *e;
	struct chain c = { .kind = kind };
	bool add = true;
	int rc = 0;

	if (kind == LT_FILTER_L)
		return add_lib_chain(expr, err, errlen);
	if (!(buf = strdup(expr)))
		return -ENOMEM;
	e = buf;
	if (!*e) {
		snprintf(err, errlen, "empty filter expression");
		free(buf);
		return -EINVAL;
	}
	while (*e) {
		bool this_add = add, sym_re = false, lib_re = false;
		size_t s = strcspn(e, "-+@");
		char *sym = e, *lib = "*";
		if (e[s] == 0) {
			e += s;
		} else if (e[s] == '-' || e[s] == '+') {
			add = e[s] == '+';
			e[s] = 0;
			e += s + 1;
		} else {
			char *next = e + s + 1;
			e[s] = 0;
			size_t t = strcspn(next, "-+");
			if (t) {
				lib = next;
			}
			if (next[t]) {
				add = next[t] == '+';
				next[t] = 0;
				e = next + t + 1;
			} else {
				e = next + t;
			}
		}
		size_t sl = strlen(sym), ll = strlen(lib);
		if (sym[0] == '/') {
			if (sl > 1 && sym[sl - 1] == '/') {
				sym[sl - 1] = 0;
				sym++;
				sym_re = true;
			} else if (ll > 0 && lib[ll - 1] == '/') {
				sym++;
				lib[ll - 1] = 0;
				sym_re = lib_re = true;
			} else {
				snprintf(err, errlen, "unmatched '/' in '%s'", expr);
				rc = -EINVAL;
				break;
			}
		}
		ll = strlen(lib);
		if (!lib_re && lib[0] == '/' && ll > 1 && lib[ll - 1] == '/') {
			lib[ll - 1] = 0;
			lib++;
			lib_re = true;
		}
		struct rule r = { .add = this_add };
		struct rule *v = realloc(c.rules, (c.n + 1) * sizeof(*v));
		if (!v) {
			rc = -ENOMEM;
			break;
		}
		c.rules = v;
		if ((rc = pattern_init(&r.sym, *sym ? sym : "*", sym_re, false, err, errlen)) < 0)
			break;
		if ((rc = pattern_init(&r.lib, *lib ? lib : "*", lib_re, true, err, errlen)) < 0) {
			pattern_free(&r.sym);
			break;
		}
		c.rules[c.n++] = r;
	}
	free(buf);
	if (rc < 0) {
		for (size_t j = 0; j < c.n; j++) {
			pattern_free(&c.rules[j].sym);
			pattern_free(&c.rules[j].lib);
		}
		free(c.rules);
		return rc;
	}
	struct chain *v = realloc(chains, (nchains + 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	chains = v;
	chains[nchains++] = c;
	return 0;
}

void lt_filter_reset(void)
{
	for (size_t i = 0; i < nchains; i++) {
		for (size_t j = 0; j < chains[i].n; j++) {
			pattern_free(&chains[i].rules[j].sym);
			pattern_free(&chains[i].rules[j].lib);
		}
		free(chains[i].rules);
	}
	free(chains);
	chains = NULL;
	nchains = 0;
}

bool lt_filter_have(enum lt_filter_kind kind)
{
	for (size_t i = 0; i < nchains; i++)
		if (chains[i].kind == kind)
			return true;
	return false;
}

bool lt_filter_match(enum lt_filter_kind kind, const char *sym, const char *soname,
		     const char *path, bool is_main)
{
	for (size_t i = 0; i < nchains; i++) {
		const struct chain *c = &chains[i];
		bool m = false;
		if (c->kind != kind)
			continue;
		for (size_t j = 0; j < c->n; j++) {
			const struct rule *r = &c->rules[j];
			if (m == r->add)
				continue;
			if (lib_match(&r->lib, soname, path, is_main) && pattern_match(&r->sym, sym))
				m = r->add;
		}
		if (m)
			return true;
	}
	return false;
}

bool lt_filter_lib_match(enum lt_filter_kind kind, const char *soname, const char *path,
			 bool is_main)
{
	for (size_t i = 0; i < nchains; i++)
		for (size_t j = 0; chains[i].kind == kind && j < chains[i].n; j++)
			if (chains[i].rules[j].add &&
			    lib_match(&chains[i].rules[j].lib, soname, path, is_main))
				return true;
	return false;
}

/* Which object defines NAME for a caller in object C: the program first, then load order. */
static int definer(const struct uprobe_obj *objs, size_t nobjs, const char *name, int c)
{
	for (size_t i = 0; i < nobjs; i++)
		if ((int)i != c && !objs[i].gone && objs[i].elf &&
		    uprobe_elf_find(objs[i].elf, name))
			return (int)i;
	return -1;
}

void lt_filter_walk(const struct uprobe_obj *objs, size_t nobjs, bool is_static,
		    void (*arm)(void *ctx, int d, const char *name), void *ctx)
{
	bool have_x = lt_filter_have(LT_FILTER_X), have_l = lt_filter_have(LT_FILTER_L);
	bool have_e = !lt_opts.no_libcalls && (lt_filter_have(LT_FILTER_E) || !have_l);

	for (size_t c = 0; c < nobjs; c++) {
		const struct uprobe_obj *o = &objs[c];
		if (o->gone || !o->elf)
			continue;
		for (size_t k = 0; have_x && k < o->elf->nsyms; k++)
			if (lt_filter_match(LT_FILTER_X, o->elf->syms[k].name, o->elf->soname,
					    o->path, o->is_main))
				arm(ctx, (int)c, o->elf->syms[k].name);
		if (o->is_main && is_static && have_e) {
			/* A static program imports nothing: -e's names, and by default (@MAIN)
			 * libc's functions known by their prototypes, not every static function. */
			for (size_t k = 0; k < o->elf->nsyms; k++) {
				const char *n = o->elf->syms[k].name;
				if (lt_filter_match(LT_FILTER_E, n, o->elf->soname, o->path, true) &&
				    (!lt_opts.hide_caller || lt_proto_lookup(n)))
					arm(ctx, (int)c, n);
			}
			continue;
		}
		bool e_lib = have_e && lt_filter_lib_match(LT_FILTER_E, o->elf->soname, o->path,
							   o->is_main);
		if (!e_lib && !have_l)
			continue;
		/* ltrace does not show weak imports by default (__cxa_finalize); -e names them. */
		size_t nimp = lt_opts.hide_caller ? o->elf->nstrong : o->elf->nimports;
		for (size_t k = 0; k < nimp; k++) {
			const char *n = o->elf->imports[k];
			bool want = e_lib && lt_filter_match(LT_FILTER_E, n, o->elf->soname, o->path,
							     o->is_main);
			int d = definer(objs, nobjs, n, (int)c);
			if (d < 0)
				continue;
			if (!want && have_l)
				want = lt_filter_match(LT_FILTER_L, n, objs[d].elf->soname,
						       objs[d].path, objs[d].is_main);
			if (want)
				arm(ctx, d, n);
		}
	}
}
