/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Inside the probes (probe.c, probe-args.c): how a hit's values are fetched and printed.
 * Hint letters: d int, u unsigned int, l long, z size_t, x hex, s string, f floating point.
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/user.h>

#include "uprobe/bp.h"
#include "sdt/usdt.h"

struct strbuf;

/* Kinds of specs, and of sites: SITE_RESOLVER is an IFUNC's resolver, watched for the
 * implementation it returns (uprobe/ifunc.h), never shown. */
enum { SPEC_USDT, SPEC_UPROBE, SPEC_URETPROBE, SITE_RESOLVER };
#define HINT_LETTERS "dulzxsf"
/* Array elements a prototype's printers show (lttrace's -A default). */
#define PROBE_ARRAYLEN 4

/* One probe spec of the command line (probe-spec.c). */
struct spec {
	int kind;
	char *provider, *name; /* usdt globs; for uprobe, name is the symbol */
	char *path;            /* glob on the object's path or base name; NULL: any */
	char *label;           /* uprobe=SYM+REL: "SYM+0xREL", the hit's name; else NULL */
	uint64_t rel;          /* REL: bytes into the function (uprobe only) */
	char hints[USDT_MAX_ARGS + 1];
	bool found;
	bool reported;
	bool silent;           /* implied by --latency: its hits go to the sinks only */
};

extern struct spec *probe_specs;
extern size_t probe_nspecs;
/* N specs and their strings. */
void probe_specs_free(struct spec *specs, size_t n);
/*
 * Parse the value of one -e usdt=, uprobe= or uretprobe= (KIND SPEC_*) and append its specs to
 * SPECS, NSPECS; nothing else is touched, no file is read.  0, or -EINVAL with ERR saying why.
 */
int probe_spec_parse(int kind, const char *val, struct spec **specs, size_t *nspecs, char *err,
		     size_t errlen);
/* DWARF numbers of the integer argument registers: rdi rsi rdx rcx r8 r9. */
extern const int probe_argreg[6];

/* Does GLOB (a spec's @PATH; NULL: any) match the object PATH, by path or base name? */
bool probe_path_matches(const char *glob, const char *path);
/* Does some usdt= spec name the object PATH?  The first that matches probe P of PATH. */
bool probe_usdt_wanted(const char *path);
struct spec *probe_usdt_spec(const char *path, const struct usdt_probe *p);
/* The first time process TGID (mappings M, NM) is resolved: say which specs found nothing in
 * the objects they name that are mapped (an object not mapped yet may come with dlopen). */
struct mapping;
void probe_report_missing(pid_t tgid, const struct mapping *m, int nm);

/* Register DWARF, x86_64 numbering (rax 0 ... r15 15, rip 16); 0 for others. */
uint64_t probe_reg(const struct user_regs_struct *r, int dwarf);
/*
 * V of SIZE bytes by HINT, or (HINT 0) by size and sign: signed decimal, unsigned decimal,
 * 8-byte unsigned in hex, floats as floats.  's' reads a string from BS.
 */
void probe_print_value(struct strbuf *sb, struct bp_space *bs, uint64_t v, int size,
		       bool is_signed, bool is_float, char hint);
/*
 * The string at V of which GOT bytes (at most -s + 1) were read into BUF: quoted, with "..."
 * when cut; V in hex when nothing could be read.  Shared with the BPF backend (strace-lite/bpf/bpf-probes.c).
 */
void probe_print_string(struct strbuf *sb, uint64_t v, const char *buf, size_t got);
/* LEN bytes at ADDR for a probe's string argument: 0, or -errno (never a partial read). */
typedef int probe_read_fn(void *priv, uint64_t addr, void *buf, size_t len);
/*
 * The string at V (hint 's') as both backends print it: NULL; up to -s + 1 bytes read through
 * READ page by page (a string may end just before a hole), as probe_print_string prints them;
 * V in hex when memory that cannot be read comes before the NUL, as a syscall's string does.
 */
void probe_print_str(struct strbuf *sb, uint64_t v, probe_read_fn *read, void *priv);
/* USDT argument A of a probe in an object loaded with BIAS, "?" when it cannot be read. */
void probe_print_usdt_arg(struct strbuf *sb, struct bp_space *bs, uint64_t bias,
			  const struct usdt_arg *a, const struct user_regs_struct *r, pid_t tid,
			  char hint);

struct tcb;
/*
 * A hit of thread TCP: probe LABEL of KIND (SPEC_USDT, SPEC_UPROBE, SPEC_URETPROBE), whose
 * decoded payload (the arguments, or the value returned) is in TCP's line buffer.  It goes out
 * as an event (common/event.h) through the writer the options chose (SILENT: to the sinks
 * only, a probe only --latency wants); the buffer is emptied.
 */
void probe_emit_hit(struct tcb *tcp, int kind, const char *label, bool silent);
