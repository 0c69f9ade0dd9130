// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e usdt=PROVIDER:NAME[@PATH][:args=HINTS], -e uprobe=SYMBOL[@LIB][:args=HINTS] and
 * -e uretprobe=SYMBOL[@LIB][:ret=HINT]: the specs probe.c resolves in every traced process.
 * A spec naming one file is checked here, before the program runs.
 *
 * Hints (`:args=` followed by one letter per argument, comma-separated or not; `:ret=` for
 * the return value of a uretprobe): d int, u unsigned int, l long, z size_t (unsigned long),
 * x hex, s NUL-terminated string (quoted, -s applies), f floating point (USDT only).  For a
 * USDT argument the spec gives the size and the hint only the base (l is d, z is u); for a
 * uprobe, whose registers carry no type, the letter gives both (d and u take the low 32 bits,
 * as the ABI passes an int).  Without hints a USDT argument prints by its spec (signed or
 * unsigned by size, unsigned 8-byte values in hex, floats as floats); a uprobe or uretprobe
 * prints by its function's prototype (lttrace's: --prototypes files, DWARF, the built-in
 * table), and without one the six argument registers in hex, or rax in hex.
 */
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/elfread.h"
#include "common/maps.h"
#include "uprobe/ksite.h"
#include "strace-lite/probe/probe.h"
#include "strace-lite/probe/probe-int.h"
#include "proto/proto.h"
#include "strace-lite/sttrace.h"
#include "sdt/usdt.h"
#include "common/log.h"

struct spec *probe_specs;
size_t probe_nspecs;
const int probe_argreg[6] = { 5, 4, 1, 2, 8, 9 };

bool probe_enabled(void)
{
	return probe_nspecs > 0;
}

static int add_spec(int kind, char *tok, struct spec **specs, size_t *nspecs, char *err,
		    size_t errlen)
{
	struct spec sp = { .kind = kind };
	char *h = strstr(tok, ":args=");
	size_t hl = 6;

	if (!h && (h = strstr(tok, ":ret=")))
		hl = 5;
	if (h) {
		*h = '\0';
		size_t n = 0;
		for (const char *c = h + hl; *c; c++) {
			if (*c == ',')
				continue;
			if (!strchr(HINT_LETTERS, *c) || n >= USDT_MAX_ARGS) {
				snprintf(err, errlen, "invalid argument hints '%s' (letters d u l z x s f)",
					 h + hl);
				return -EINVAL;
			}
			sp.hints[n++] = *c;
		}
	}
	char *at = strchr(tok, '@');
	if (at) {
		*at = '\0';
		sp.path = strdup(at + 1);
	}
	if (kind == SPEC_USDT) {
		char *colon = strchr(tok, ':');
		if (colon)
			*colon = '\0';
		sp.provider = strdup(*tok ? tok : "*");
		sp.name = strdup(colon && colon[1] ? colon + 1 : "*");
	} else {
		if (!*tok) {
			snprintf(err, errlen, "%s: no symbol given",
				 kind == SPEC_UPROBE ? "uprobe" : "uretprobe");
			free(sp.path);
			return -EINVAL;
		}
		char *plus = strchr(tok, '+'), *end = NULL;
		if (plus) {
			errno = 0;
			sp.rel = strtoull(plus + 1, &end, 0);
			if (kind != SPEC_UPROBE || plus == tok || !plus[1] || *end || errno) {
				snprintf(err, errlen, "%s=%s: %s", kind == SPEC_UPROBE ? "uprobe" :
					 "uretprobe", tok, kind == SPEC_UPROBE ?
					 "not SYMBOL+OFFSET (an offset in bytes, decimal or 0x hex)" :
					 "a return probe is a function's, at no offset");
				free(sp.path);
				return -EINVAL;
			}
			*plus = '\0';
			char label[300];
			snprintf(label, sizeof(label), "%s+%#" PRIx64, tok, sp.rel);
			sp.label = strdup(label);
		}
		sp.name = strdup(tok);
	}
	struct spec *v = realloc(*specs, (*nspecs + 1) * sizeof(*v));
	if (!v) {
		free(sp.provider);
		free(sp.name);
		free(sp.path);
		free(sp.label);
		return -ENOMEM;
	}
	*specs = v;
	v[(*nspecs)++] = sp;
	return 0;
}

/*
 * A spec naming one file (a path with '/' and no glob) is checked before the program runs, so
 * a mistake is one line and exit status 1: not ELF, no such probe or function, a site outside
 * the executable segments, a USDT site that is not the probe's nop (the note points inside an
 * instruction, or at code that is not its own).
 */
static int check_file(const struct spec *sp, char *err, size_t errlen)
{
	const char *what = sp->kind == SPEC_USDT ? "usdt" : sp->kind == SPEC_UPROBE ? "uprobe" :
		"uretprobe";
	const char *path = sp->path, *why = NULL;
	struct usdt_file *f = NULL;
	uint64_t off;
	int rc;

	if (!path || !strchr(path, '/') || strpbrk(path, "*?[\\"))
		return 0;
	if (access(path, R_OK) < 0) {
		snprintf(err, errlen, "%s: %s: %s", what, path, strerror(errno));
		return -EINVAL;
	}
	if (sp->kind != SPEC_USDT) {
		rc = elfr_func_offset(path, sp->name, &off);
		if (rc == -ENOEXEC)
			snprintf(err, errlen, "%s: %s is not an ELF object", what, path);
		else if (rc == -ENOENT)
			snprintf(err, errlen, "%s: no function %s in %s", what, sp->name, path);
		else if (rc == -EFAULT || rc == -EINVAL)
			snprintf(err, errlen, "%s: %s in %s is not in an executable segment", what,
				 sp->name, path);
		else if (rc < 0)
			snprintf(err, errlen, "%s: %s: %s", what, path, strerror(-rc));
		if (!rc && sp->label && (why = ksite_offset_file(path, off, sp->rel, false))) {
			snprintf(err, errlen, "uprobe=%s@%s: %s", sp->label, path, why);
			rc = -EINVAL;
		}
		return rc < 0 ? -EINVAL : 0;
	}
	rc = usdt_open(path, &f, &why);
	if (rc == -ENOEXEC) {
		snprintf(err, errlen, "usdt: %s is not an ELF object (%s)", path,
			 why ? why : "not ELF");
		return -EINVAL;
	}
	if (rc < 0) {
		snprintf(err, errlen, "usdt: %s: %s", path, why ? why : strerror(-rc));
		return -EINVAL;
	}
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	bool any = false;
	rc = 0;
	for (size_t i = 0; i < f->count && !rc; i++) {
		const struct usdt_probe *p = &f->probes[i];
		uint8_t code[8] = { 0 }, insn;
		if (fnmatch(sp->provider, p->provider, 0) || fnmatch(sp->name, p->name, 0))
			continue;
		any = true;
		bool got = fd >= 0 && pread(fd, code, sizeof(code), (off_t)p->pc_offset) > 0;
		insn = code[0];
		if (got && ksite_nop5(code, sizeof(code))) {
			snprintf(err, errlen, "usdt=%s:%s: the site %#" PRIx64 " in %s is "
				 KSITE_NOP5_WHY, p->provider, p->name, p->pc, path);
			rc = -EINVAL;
		} else if (got && insn != 0x90) {
			snprintf(err, errlen, "usdt:%s:%s: the site %#" PRIx64 " in %s is not the "
				 "probe's nop (byte %#x): not on an instruction boundary", p->provider,
				 p->name, p->pc, path, insn);
			rc = -EINVAL;
		}
	}
	if (fd >= 0)
		close(fd);
	if (!rc && !any) {
		snprintf(err, errlen, "usdt: no probe %s:%s in %s", sp->provider, sp->name, path);
		rc = -EINVAL;
	}
	usdt_free(f);
	return rc;
}

int probe_protos_file(const char *path, char *err, size_t errlen)
{
	int rc = lt_proto_init(err, errlen);

	return rc < 0 ? rc : lt_proto_load_file(path, err, errlen);
}

void probe_specs_free(struct spec *specs, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(specs[i].provider);
		free(specs[i].name);
		free(specs[i].path);
		free(specs[i].label);
	}
	free(specs);
}

int probe_spec_parse(int kind, const char *val, struct spec **specs, size_t *nspecs, char *err,
		     size_t errlen)
{
	char *copy = strdup(val), *save = NULL;
	int rc = 0;

	if (!copy)
		return -ENOMEM;
	/*
	 * Commas separate probes, and also the letters of the hints that end one (args=d,s): a
	 * single hint letter after a probe with hints is one more hint of that probe.
	 */
	bool hinted = false;
	for (char *tok = strtok_r(copy, ",", &save); tok && !rc; tok = strtok_r(NULL, ",", &save)) {
		struct spec *last = *nspecs ? &(*specs)[*nspecs - 1] : NULL;
		size_t n = last ? strlen(last->hints) : 0;
		if (hinted && strlen(tok) == 1 && strchr(HINT_LETTERS, *tok)) {
			if (n >= USDT_MAX_ARGS) {
				snprintf(err, errlen, "too many argument hints");
				rc = -EINVAL;
			} else {
				last->hints[n] = *tok;
			}
			continue;
		}
		rc = add_spec(kind, tok, specs, nspecs, err, errlen);
		hinted = !rc && (*specs)[*nspecs - 1].hints[0];
	}
	free(copy);
	return rc;
}

int probe_qualify(const char *kind, const char *val, char *err, size_t errlen)
{
	int k = !strcmp(kind, "usdt") ? SPEC_USDT : !strcmp(kind, "uprobe") ? SPEC_UPROBE :
		SPEC_URETPROBE;
	int rc;

	/* Functions print by their prototypes: the built-in table, loaded once. */
	if (k != SPEC_USDT && (rc = lt_proto_init(err, errlen)) < 0)
		return rc;
	rc = probe_spec_parse(k, val, &probe_specs, &probe_nspecs, err, errlen);
	for (size_t i = 0; i < probe_nspecs && !rc; i++)
		rc = check_file(&probe_specs[i], err, errlen);
	return rc;
}

int probe_latency_end(const char *source, const char *name, char *err, size_t errlen)
{
	int kind = !strcmp(source, "usdt") ? SPEC_USDT : !strcmp(source, "uprobe") ? SPEC_UPROBE :
		   SPEC_URETPROBE;
	const char *colon = strchr(name, ':');

	if (kind == SPEC_USDT && !colon) {
		snprintf(err, errlen, "usdt:%s: want usdt:PROVIDER:NAME", name);
		return -EINVAL;
	}
	char prov[256];
	snprintf(prov, sizeof(prov), "%.*s", colon ? (int)(colon - name) : 0, name);
	for (size_t k = 0; k < probe_nspecs; k++) {
		const struct spec *sp = &probe_specs[k];
		if (sp->kind != kind || sp->label)
			continue;
		if (kind == SPEC_USDT ? !fnmatch(sp->name, colon + 1, 0) &&
					!fnmatch(sp->provider, prov, 0) :
					!strcmp(sp->name, name))
			return 0;
	}
	size_t n = probe_nspecs;
	int rc = probe_qualify(source, name, err, errlen);
	for (size_t k = n; k < probe_nspecs; k++)
		probe_specs[k].silent = true;
	return rc;
}

bool probe_path_matches(const char *glob, const char *path)
{
	const char *base = strrchr(path, '/');

	if (!glob)
		return true;
	return !fnmatch(glob, path, 0) || !fnmatch(glob, base ? base + 1 : path, 0);
}

bool probe_usdt_wanted(const char *path)
{
	for (size_t k = 0; k < probe_nspecs; k++)
		if (probe_specs[k].kind == SPEC_USDT && probe_path_matches(probe_specs[k].path, path))
			return true;
	return false;
}

struct spec *probe_usdt_spec(const char *path, const struct usdt_probe *p)
{
	for (size_t k = 0; k < probe_nspecs; k++) {
		struct spec *sp = &probe_specs[k];
		if (sp->kind == SPEC_USDT && probe_path_matches(sp->path, path) &&
		    !fnmatch(sp->provider, p->provider, 0) && !fnmatch(sp->name, p->name, 0))
			return sp;
	}
	return NULL;
}

void probe_report_missing(pid_t tgid, const struct mapping *m, int nm)
{
	for (size_t k = 0; k < probe_nspecs; k++) {
		struct spec *sp = &probe_specs[k];
		bool mapped = !sp->path;
		for (int i = 0; i < nm && !mapped; i++)
			mapped = probe_path_matches(sp->path, m[i].path);
		if (sp->found || sp->reported || !mapped)
			continue;
		sp->reported = true;
		if (sp->kind == SPEC_USDT)
			log_error("no USDT probe %s:%s in %s of process %d", sp->provider, sp->name,
				  sp->path ? sp->path : "the objects", tgid);
		else
			log_error("no function %s in %s of process %d", sp->name,
				  sp->path ? sp->path : "the objects", tgid);
	}
}
