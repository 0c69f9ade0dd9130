/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * lttrace's internals: the options, the event that a backend hands to the formatter, the
 * filter (ltrace's -e/-l/-x grammar), and the ptrace backend's entry points.
 *
 * The event is the seam (DESIGN.md): the ptrace backend (lt-ptrace.c, lt-space.c) fills a
 * struct lt_event with what it saw — thread, function, registers, a way to read memory — and
 * lt-output.c turns it into ltrace's text, JSON Lines or the -c table.  A second backend
 * (uprobes through BPF) feeds the same lt_emit() with captured memory behind lt_vctx.read.
 */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>

#include "common/strbuf.h"
#include "uprobe/objelf.h"
#include "proto/proto.h"

struct lt_options {
	int follow;            /* -f */
	const char *outfile;   /* -o */
	FILE *out;
	int tflag;             /* -t 1, -tt 2, -ttt 3 */
	bool rflag, Tflag, iflag, cflag, Sflag, json;
	bool no_libcalls;      /* -L */
	bool demangle;         /* -C */
	int indent;            /* -n */
	int bt_depth;          /* -w */
	unsigned int strsize, arraylen; /* -s, -A */
	int align;             /* result column (ltrace: 50) */
	bool hide_caller;      /* default @MAIN: no "caller->" prefix */
	bool attached;         /* -p given: pid prefix with -o */
	bool pid_pfx_plain;    /* a replay of a -o run: its "PID " prefix */
	bool no_signals;       /* -b */
	bool recording;        /* --record: every call's time is wanted */
	bool discard;          /* ... without -o: no text (or JSON) is printed */
};
extern struct lt_options lt_opts;

enum lt_ev_kind {
	LT_EV_CALL,     /* function entry: name, args */
	LT_EV_RETURN,   /* its return: ret */
	LT_EV_SYSCALL,  /* -S: entry */
	LT_EV_SYSRET,   /* -S: exit */
	LT_EV_SIGNAL,   /* --- SIGSEGV (Segmentation fault) --- */
	LT_EV_EXITED,   /* +++ exited (status N) +++ */
	LT_EV_KILLED,   /* +++ killed by SIGKILL +++ */
	LT_EV_EXEC,     /* --- Called exec() --- */
	LT_EV_UNFINISHED, /* a call still open when its thread vanished (JSON, -c) */
	LT_EV_GONE,     /* the thread vanished with calls open: close the line */
};

struct lt_event {
	enum lt_ev_kind kind;
	pid_t pid;                   /* thread id */
	pid_t tgid;
	const char *name;            /* function or syscall name */
	const char *caller;          /* soname of the calling object ("prog->"), NULL: none */
	const char *callee_lib;      /* "@libc.so.6" suffix (-x in a library), NULL: none */
	const struct lt_proto *proto;
	struct lt_vctx *v;           /* values; ret valid for returns */
	uint64_t ret_addr;           /* -i: the call's return address */
	int depth;                   /* calls open on this thread, this one included (-n) */
	double spent;                /* returns: seconds inside (-T, -c) */
	int sig, status;
	bool void_ret;               /* syscalls without a known result ("= ?") */
	uint64_t sysargs[6];         /* -S */
	int nsysargs;
	void **cookie;               /* per call: the formatter's state (JSON args), freed at return */
	/* Texts already formatted (a replay's, or a recording's made once): used when set. */
	const char *pre_args;        /* the arguments at entry */
	const char *pre_out;         /* at return: what the callee filled in ("" for none) */
	const char *pre_ret;         /* at return: the value */
	const char *pre_bt;          /* at return, -w: the stack, a frame a line */
	const char *comm;            /* the thread's command name if known (a replay's), or NULL */
};

/* lt-output.c */
void lt_emit(const struct lt_event *ev);
/* lt-sys.c (-S): system call NR's name (SYS_write) into NAME, and its prototype or NULL. */
const struct lt_proto *lt_sys_proto(long nr, char *name, size_t len);
/* EV's texts as lt_emit prints them: the arguments, the out arguments (after ARGS_PRINTED
 * arguments or not), the value returned. */
void lt_format_args(struct strbuf *b, const struct lt_event *ev);
void lt_format_out(struct strbuf *b, const struct lt_event *ev, bool args_printed);
void lt_format_ret(struct strbuf *b, const struct lt_event *ev);
bool lt_has_out(const struct lt_event *ev);

/* lt-record.c: --record=FILE and `lttrace replay FILE` */
int lt_record_open(const char *file, const char *version, int argc, char **argv);
/* EV written; *COPY is EV with its texts formatted once (for the live output too): EV or COPY. */
const struct lt_event *lt_record_event(const struct lt_event *ev, struct lt_event *copy);
/* The end: the exit status lttrace gives; 0, or -1 having said why. */
int lt_record_close(int status);
/* `lttrace replay [options] FILE [options]` after its options (common/recfile.h's
 * recfile_replay_cmd, optind past them): FILE, the one word left, which is used up (optind);
 * what it does not say of -f and -o, the recording's (a replay looks like its live run).
 * NULL once said. */
struct option;
const char *lt_replay_settle(int argc, char **argv, const char *optstring,
			     const struct option *longopts);
/* Replay FILE through lt_emit: the recorded exit status, or 1 having said why. */
int lt_replay(const char *file);
/* Flush the output; false once a write failed (EPIPE: the reader went away). */
bool lt_output_flush(void);
/* The end of the trace: the event sinks (--perfetto) closed. */
void lt_output_finish(void);
bool lt_output_broken(void);
void lt_summary_print(void);

/* lt-filter.c: ltrace's filter chains. */
enum lt_filter_kind { LT_FILTER_E, LT_FILTER_X, LT_FILTER_L };
int lt_filter_add(enum lt_filter_kind kind, const char *expr, char *err, size_t errlen);
bool lt_filter_have(enum lt_filter_kind kind);
/* Forget every chain (the filters as before the first lt_filter_add). */
void lt_filter_reset(void);
/* Does SYM in the object (SONAME, PATH, IS_MAIN) match the chain of KIND? */
bool lt_filter_match(enum lt_filter_kind kind, const char *sym, const char *soname,
		     const char *path, bool is_main);
/* Could some rule of KIND match anything in this object (whatever the symbol)? */
bool lt_filter_lib_match(enum lt_filter_kind kind, const char *soname, const char *path,
			 bool is_main);
/*
 * The functions the chains name in the objects OBJS (NOBJS; IS_STATIC: the program is
 * static), for both backends: ARM(CTX, D, NAME) for each, D the object that defines it.  -e
 * (default @MAIN): an object's imports, in the object that defines them; -l LIB: the imports
 * other objects take from LIB; -x: the functions an object defines.
 */
void lt_filter_walk(const struct uprobe_obj *objs, size_t nobjs, bool is_static,
		    void (*arm)(void *ctx, int d, const char *name), void *ctx);

/* lt-ptrace.c: the ptrace backend, as lttrace.c's table registers it (common/backend.h). */
struct backend;
extern const struct backend lt_ptrace_backend;
