// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A syscall's two stops turned into output: at entry the decoder prints the arguments the
 * kernel reads, at exit the rest and the result, as one strace line (or two halves with
 * <unfinished ...> / <... resumed> when another thread printed in between), one -c count, or
 * one --json record.  engine.c decides when these run; this file decides what they print.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <string.h>

#include "common/log.h"
#include "common/event.h"
#include "common/stacktrace.h"
#include "strace-lite/stackview.h"
#include "strace-lite/sttrace.h"

static const struct sysent *tcb_sysent(struct tcb *tcp, long scno)
{
	static __thread struct sysent unknown;
	static __thread char name[32];
	const struct sysent *se = sysent_get(scno);

	if (se)
		return se;
	snprintf(name, sizeof(name), "syscall_%#lx", (unsigned long)scno);
	unknown.name = name;
	unknown.nargs = 6;
	unknown.rkind = RK_D;
	return &unknown;
}

/* A number we have no name for is traced whatever -e trace= says, raw (strace's rule). */
static bool traced(long scno)
{
	return opts.trace_all || !sysent_get(scno) ||
	       (scno >= 0 && numset_has(&opts.trace, (unsigned)scno));
}

bool sysent_is_exec(const struct sysent *se)
{
	/* At every stop: the first letter spares the comparisons for nearly every call. */
	return se->name && se->name[0] == 'e' &&
	       (!strcmp(se->name, "execve") || !strcmp(se->name, "execveat"));
}

/* -e raw=, or a syscall we do not know: arguments and result as plain numbers. */
static bool call_is_raw(const struct dctx *c)
{
	return dopts.raw_all || (c->scno >= 0 && numset_has(&opts.raw, (unsigned)c->scno)) ||
	       !sysent_get(c->scno);
}

/* Run the syscall's decoder (at entry, or at exit unless entry said RVAL_DECODED). */
static int decode(struct dctx *c)
{
	if (call_is_raw(c))
		return printargs(c);
	if (!opts.abbrev_given)
		return c->se->func ? c->se->func(c) : decode_generic(c);
	/* -e abbrev=SET: -v's unabbreviation for the calls outside it, for this decoder only */
	bool saved = dopts.verbose;
	dopts.verbose = c->scno < 0 || !numset_has(&opts.abbrev, (unsigned int)c->scno);
	int rc = c->se->func ? c->se->func(c) : decode_generic(c);
	dopts.verbose = saved;
	return rc;
}

void syscall_enter(struct tcb *tcp, long scno, const uint64_t *args)
{
	struct dctx *c = &tcp->dc;

	tcp->flags |= TCB_INSYSCALL;
	memset(c->priv, 0, sizeof(c->priv));
	c->scno = scno;
	c->se = tcb_sysent(tcp, scno);
	memcpy(c->arg, args, sizeof(c->arg));
	c->exiting = false;
	c->err = 0;
	c->rval = 0;
	c->pid = tcp->pid;
	c->next_arg = 0;
	c->prev_name = tcp->prev_name;
	c->auxstr = NULL;
	free(c->after);
	c->after = NULL;

	if ((tcp->flags & TCB_HIDE_LOG) && sysent_is_exec(c->se)) {
		tcp->flags &= ~TCB_HIDE_LOG;
		tcp->flags |= TCB_CHECK_EXEC;
	}
	if (opts.debug && !sysent_get(scno) && !hide_log(tcp))
		log_info("pid %d invalid syscall %#lx", tcp->pid, (unsigned long)scno);
	if (syscall_limit_reached())
		syscall_limit_leave(); /* --bpf's next call; ptrace's engine has let go already */
	if (hide_log(tcp) || !traced(scno) || (pathtrace_enabled() && !pathtrace_match(c)) ||
	    syscall_limit_reached()) {
		tcp->flags |= TCB_FILTERED;
		return;
	}
	tcp->flags &= ~TCB_FILTERED;
	if (syscall_tamper_hook)
		syscall_tamper_hook(tcp);
	tcp->ltime = tcp->stime;
	if (opts.cflag == 1) {
		tnow(CLOCK_MONOTONIC, &tcp->etime);
		return;
	}
	/* After exec or exit the stack is gone: strace unwinds these at entry (not for the
	 * spawned program's first exec, whose stack is ours). */
	if (opts.stack && !(tcp->flags & TCB_CHECK_EXEC) &&
	    (sysent_is_exec(c->se) || !strcmp(c->se->name, "exit") ||
	     !strcmp(c->se->name, "exit_group")))
		stacktrace_capture(tcp->pid, opts.stack);
	tcp->flags &= ~TCB_EXEC_STAGED; /* a traced call: its exit goes by its own status again */
	if (opts.json) {
		/* One record at exit: keep the entry half of the arguments until then. */
		tnow(CLOCK_REALTIME, &tcp->rtime);
		sb_reset(&tcp->sb);
		tcp->func_rval = decode(c);
		sb_reset(&tcp->stage);
		sb_write(&tcp->stage, sb_str(&tcp->sb), tcp->sb.len);
		sb_reset(&tcp->sb);
		tnow(CLOCK_MONOTONIC, &tcp->etime);
		return;
	}
	tcp->staging = opts.status_mask != 0;
	printleader(tcp);
	sb_puts(&tcp->sb, c->se->name);
	sb_putc(&tcp->sb, '(');
	size_t from = tcp->sb.len;
	tcp->func_rval = decode(c);
	tcp->held_sep = !(tcp->func_rval & RVAL_DECODED) &&
			args_end_with_sep(tcp->sb.s + from, tcp->sb.len - from);
	if (tcp->held_sep)
		tcp->sb.s[tcp->sb.len -= 2] = '\0';
	if (event_sinks_active()) {
		sb_reset(&tcp->evargs);
		sb_write(&tcp->evargs, tcp->sb.s + from, tcp->sb.len - from);
	}
	if (opts.arg_names) {
		argscan_begin(&tcp->argscan);
		argscan_apply(&tcp->argscan, c->se, &tcp->sb, from);
	}
	tcb_emit(tcp);
	if (!tcp->staging)
		output_flush_line(tcp);
	if (opts.Tflag || opts.cflag || event_sinks_active())
		tnow(CLOCK_MONOTONIC, &tcp->etime);
}

void (*syscall_tamper_hook)(struct tcb *tcp);

bool syscall_limit_reached(void)
{
	return opts.syscall_limit == 0;
}

void syscall_limit_leave(void)
{
	static bool said;

	if (said)
		return;
	said = true;
	if (!(opts.quiet & QUIET_ATTACH))
		log_error("System call limit has been reached, detaching tracees");
}

/* What -e inject= did to the call, as strace notes it. */
static void print_injected_note(struct tcb *tcp)
{
	struct dctx *c = &tcp->dc;
	bool retval = tcp->flags & TCB_INJECTED, args = tcp->flags & TCB_POKED;

	if (retval && args)
		tprints(c, " (INJECTED: args, retval)");
	else if (args)
		tprints(c, " (INJECTED: args)");
	else if (retval)
		tprints(c, " (INJECTED)");
	if (tcp->flags & TCB_DELAYED)
		tprints(c, " (DELAYED)");
}

static void print_rval(struct tcb *tcp, int sys_res)
{
	struct dctx *c = &tcp->dc;
	int kind = (sys_res & 0x10) ? (sys_res & 0xf) : c->se->rkind;

	if (call_is_raw(c) && kind != RK_NONE && !c->err) {
		/* strace prints a raw call's result in hex, whatever the call returns. */
		tprintf(c, "= %#" PRIx64, (uint64_t)c->rval);
	} else if (kind == RK_NONE && !c->err) { /* failing (an injected error) it prints one */
		tprints(c, "= ?");
	} else if (c->err) {
		switch (c->err) {
		case 512: tprints(c, "= ? ERESTARTSYS (To be restarted if SA_RESTART is set)"); break;
		case 513: tprints(c, "= ? ERESTARTNOINTR (To be restarted)"); break;
		case 514: tprints(c, "= ? ERESTARTNOHAND (To be restarted if no handler)"); break;
		case 516: tprints(c, "= ? ERESTART_RESTARTBLOCK (Interrupted by signal)"); break;
		default: {
			const char *name = errno_name(c->err);
			if (sys_res & RVAL_PRINT_ERR_VAL)
				tprintf(c, "= %" PRId64 " ", c->rval);
			else
				tprints(c, "= -1 ");
			if (name)
				tprintf(c, "%s (%s)", name, strerror(c->err));
			else
				tprintf(c, "(errno %d)", c->err);
		}
		}
	} else {
		switch (kind) {
		case RK_X: tprintf(c, "= %#" PRIx64, (uint64_t)c->rval); break;
		case RK_O: tprintf(c, "= %#03" PRIo64, (uint64_t)c->rval); break;
		case RK_U:
			tprints(c, "= ");
			sb_put_u64(c->sb, (uint64_t)c->rval);
			break;
		case RK_FD:
			tprints(c, "= ");
			if (c->rval >= 0 && c->rval <= INT_MAX)
				printfd(c, (int)c->rval);
			else
				sb_put_i64(c->sb, c->rval);
			break;
		case RK_TID:
		case RK_TGID:
		case RK_PGID:
		case RK_SID:
			tprints(c, "= ");
			printpid(c, (int)c->rval, (enum pid_type)(PT_TID + kind - RK_TID));
			break;
		/* strace prints any other success unsigned (a value injected into a call that
		 * never fails, or one below -4095). */
		default:
			tprints(c, "= ");
			sb_put_u64(c->sb, (uint64_t)c->rval);
			break;
		}
	}
	/* strace puts the injection note before auxstr on failure, after it on success. */
	if (c->err)
		print_injected_note(tcp);
	if ((sys_res & RVAL_STR) && c->auxstr)
		tprintf(c, " (%s)", c->auxstr);
	if (!c->err)
		print_injected_note(tcp);
}

static bool status_wanted(unsigned int status)
{
	return !opts.status_mask || (opts.status_mask & (1u << status));
}

static uint64_t ts_ns(const struct timespec *t)
{
	return (uint64_t)t->tv_sec * 1000000000u + (uint64_t)t->tv_nsec;
}

/* The call as an event: ARGS as printed, RET the result as printed without "= ", END its end
 * (NULL: it never returned). */
static void syscall_event(struct tcb *tcp, struct event *ev, struct strbuf *args,
			  const char *ret, size_t ret_len, const struct timespec *end)
{
	const struct dctx *c = &tcp->dc;

	*ev = (struct event){
		.kind = EVENT_SYSCALL, .tid = tcp->pid, .name = c->se->name,
		.text = sb_str(args), .len = args->len, .wall = opts.json ? &tcp->rtime : NULL,
		.t_ns = ts_ns(&tcp->etime), .ret = ret ? ret : "", .ret_len = ret_len,
		.retval = c->rval, .err = c->err, .errname = c->err ? errno_name(c->err) : NULL,
		.comm = tcp->comm[0] ? tcp->comm : NULL, .pid = tcp->tgid,
	};
	if (c->se->rkind == RK_NONE)
		ev->flags |= EVF_NO_RETVAL;
	if (tcp->flags & TCB_INJECTED)
		ev->flags |= EVF_INJECTED;
	if (!end)
		ev->flags |= EVF_UNFINISHED;
	else if (ts_ns(end) > ev->t_ns)
		ev->dur_ns = ts_ns(end) - ev->t_ns;
}

/* -e namespace=new: the namespaces after the result ("= 0 (mnt:[N])"), text and JSON alike. */
static int with_namespace(struct dctx *c, int sys_res)
{
	const char *ns = dopts.show_namespace ? namespace_auxstr(c) : NULL;

	if (!ns)
		return sys_res;
	c->auxstr = ns;
	return sys_res | RVAL_STR;
}

/* --json: the whole call as one record. */
static void json_syscall_exit(struct tcb *tcp, const struct timespec *ts)
{
	struct dctx *c = &tcp->dc;
	struct strbuf ret = { 0 }, rec = { 0 };
	int sys_res = tcp->func_rval;

	if (!(sys_res & RVAL_DECODED))
		sys_res = decode(c);
	sys_res = with_namespace(c, sys_res);
	sb_write(&tcp->stage, sb_str(&tcp->sb), tcp->sb.len);
	sb_reset(&tcp->sb);
	if (status_wanted(c->err ? STATUS_FAILED : STATUS_SUCCESSFUL)) {
		/* The result as the text shows it ("3</etc/passwd>", "0x7f..."), without "= ". */
		struct event ev;
		c->sb = &ret;
		print_rval(tcp, sys_res);
		c->sb = &tcp->sb;
		syscall_event(tcp, &ev, &tcp->stage, ret.len > 2 ? ret.s + 2 : "",
			      ret.len > 2 ? ret.len - 2 : 0, ts);
		event_write_json(&rec, &ev);
		output_record(tcp, &rec);
		event_publish(&ev);
	}
	sb_reset(&tcp->stage);
	sb_free(&ret);
	sb_free(&rec);
}

static void exit_print(struct tcb *tcp, int64_t rval, bool is_error)
{
	struct dctx *c = &tcp->dc;
	struct timespec ts = { 0, 0 };

	/* A result given by retval= is a success, whatever its value. */
	if ((tcp->flags & (TCB_INJECTED | TCB_INJECTED_OK)) == (TCB_INJECTED | TCB_INJECTED_OK))
		is_error = false;
	tcp->flags &= ~TCB_INSYSCALL;
	if (opts.stack && !is_error &&
	    ((c->se->classes & TRACE_MEMORY) || sysent_is_exec(c->se)))
		stacktrace_forget(tcp->pid); /* the mappings changed */
	/* The command name changes with execve and prctl(PR_SET_NAME), traced or not. */
	if (!is_error && tcb_track_comm())
		tcb_comm_changed(tcp);
	if (tcp->flags & TCB_FILTERED) {
		tcp->flags &= ~TCB_FILTERED;
		return;
	}
	/* What a restart_syscall resumes, as strace says: a restart_syscall keeps it. */
	if (!c->se->name || strcmp(c->se->name, "restart_syscall"))
		tcp->prev_name = c->se->name;
	if (opts.Tflag || opts.cflag || opts.json || event_sinks_active())
		tnow(CLOCK_MONOTONIC, &ts);
	c->exiting = true;
	/* An injected error counts even for a call that cannot fail on its own (umask). */
	if (is_error && (!(c->se->classes & SYSCALL_NEVER_FAILS) || (tcp->flags & TCB_INJECTED))) {
		c->err = (int)-rval;
		c->rval = -1;
	} else {
		c->err = 0;
		c->rval = rval;
	}
	if (!c->err && sysent_is_exec(c->se) && event_sinks_active()) {
		/* A timeline names the process anew after its exec. */
		struct event ex = { .kind = EVENT_EXEC, .tid = tcp->pid, .t_ns = ts_ns(&ts),
				    .comm = tcp->comm[0] ? tcp->comm : NULL, .pid = tcp->tgid };
		event_publish(&ex);
	}
	if (tcp->flags & TCB_CHECK_EXEC) {
		/* A failed first execve of a spawned child: see syscall_exit. */
		tcp->flags &= ~TCB_CHECK_EXEC;
	}
	/* strace counts a call against --syscall-limit, and in -c, once -e status= lets it
	 * through. */
	bool wanted = status_wanted(c->err ? STATUS_FAILED : STATUS_SUCCESSFUL);
	if (opts.syscall_limit > 0 && wanted)
		opts.syscall_limit--;
	if (opts.cflag == 1 && !wanted)
		return;
	if (opts.cflag && wanted) {
		/* strace's default is system CPU time in the call; -w makes it wall time. */
		const struct timespec *from = opts.wflag ? &tcp->etime : &tcp->ltime;
		const struct timespec *to = opts.wflag ? &ts : &tcp->stime;
		summary_count(tcp, (double)(to->tv_sec - from->tv_sec) +
					   (double)(to->tv_nsec - from->tv_nsec) / 1e9,
			      (double)(ts.tv_sec - tcp->etime.tv_sec) +
				      (double)(ts.tv_nsec - tcp->etime.tv_nsec) / 1e9,
			      c->err != 0);
		if (opts.percentiles)
			summary_sample(c->scno, (double)(ts.tv_sec - tcp->etime.tv_sec) +
							(double)(ts.tv_nsec - tcp->etime.tv_nsec) / 1e9);
		if (opts.cflag == 1)
			return;
	}
	if (opts.json) {
		json_syscall_exit(tcp, &ts);
		return;
	}
	/* REPRINT: the execve a thread began, ended under the leader's pid (even with the
	 * "superseded" line quiet). */
	if ((tcp->flags & TCB_REPRINT) ||
	    (!tcp->staging && !opts.output_separately && printing_tcp != tcp)) {
		tcp->flags &= ~TCB_REPRINT;
		printleader(tcp);
		sb_printf(&tcp->sb, "<... %s resumed>", c->se->name);
	}
	printing_tcp = tcp;
	int sys_res = tcp->func_rval;
	size_t from = tcp->sb.len;
	if (tcp->held_sep) {
		sb_puts(&tcp->sb, ", ");
		tcp->held_sep = false;
	}
	if (!(sys_res & RVAL_DECODED))
		sys_res = decode(c);
	sys_res = with_namespace(c, sys_res);
	if (event_sinks_active())
		sb_write(&tcp->evargs, tcp->sb.s + from, tcp->sb.len - from);
	if (opts.arg_names)
		argscan_apply(&tcp->argscan, c->se, &tcp->sb, from);
	if (tcp->staging) {
		unsigned st = c->err ? 1u << STATUS_FAILED : 1u << STATUS_SUCCESSFUL;
		tcp->staging = false;
		if (!(opts.status_mask & st)) {
			sb_reset(&tcp->stage);
			sb_reset(&tcp->sb);
			tcp->curcol = 0;
			line_ended(tcp);
			return;
		}
		output_publish_stage(tcp);
	}
	sb_puts(&tcp->sb, ") ");
	tabto(tcp);
	size_t ret_at = tcp->sb.len + 2; /* after "= " */
	print_rval(tcp, sys_res);
	struct event ev = { .kind = EVENT_SYSCALL };
	if (event_sinks_active())
		syscall_event(tcp, &ev, &tcp->evargs, tcp->sb.s + ret_at, tcp->sb.len - ret_at, &ts);
	if (opts.Tflag) {
		struct timespec d = { ts.tv_sec - tcp->etime.tv_sec, ts.tv_nsec - tcp->etime.tv_nsec };
		if (d.tv_nsec < 0) {
			d.tv_sec--;
			d.tv_nsec += 1000000000;
		}
		sb_puts(&tcp->sb, " <");
		sb_put_secs(&tcp->sb, 0, &d, opts.T_digits);
		sb_putc(&tcp->sb, '>');
	}
	sb_putc(&tcp->sb, '\n');
	if (c->after) {
		sb_puts(&tcp->sb, c->after);
		free(c->after);
		c->after = NULL;
	}
	if (opts.dump_io)
		dumpio(c);
	if (opts.stack) {
		struct timespec d = { ts.tv_sec - tcp->etime.tv_sec, ts.tv_nsec - tcp->etime.tv_nsec };
		if (d.tv_nsec < 0) {
			d.tv_sec--;
			d.tv_nsec += 1000000000;
		}
		stackview_syscall(tcp, &d);
	}
	tcb_emit(tcp);
	line_ended(tcp);
	if (event_sinks_active()) {
		event_publish(&ev);
		sb_reset(&tcp->evargs);
	}
}

/* A call that never returned lasted until now, as far as a timeline can tell. */
static void publish_unfinished(struct event *ev)
{
	struct timespec now;

	tnow(CLOCK_MONOTONIC, &now);
	if (ts_ns(&now) > ev->t_ns)
		ev->dur_ns = ts_ns(&now) - ev->t_ns;
	event_publish(ev);
}

void syscall_unfinished(struct tcb *tcp)
{
	if (opts.json && (tcp->flags & TCB_INSYSCALL) && !(tcp->flags & TCB_FILTERED) &&
	    !hide_log(tcp) && opts.cflag != 1) {
		struct strbuf rec = { 0 };
		tcp->flags &= ~TCB_INSYSCALL;
		if (!status_wanted(STATUS_UNFINISHED))
			return;
		struct event ev;
		syscall_event(tcp, &ev, &tcp->stage, NULL, 0, NULL);
		event_write_json(&rec, &ev);
		output_record(tcp, &rec);
		sb_free(&rec);
		publish_unfinished(&ev);
		return;
	}
	bool staged = false;

	if (!(tcp->flags & TCB_INSYSCALL) || (tcp->flags & TCB_FILTERED) || hide_log(tcp) ||
	    opts.cflag == 1)
		return;
	if (tcp->staging) {
		tcp->staging = false;
		if (!(opts.status_mask & (1u << STATUS_UNFINISHED))) {
			sb_reset(&tcp->stage);
			tcp->curcol = 0;
			tcp->flags &= ~TCB_INSYSCALL; /* its line is done (not shown): once only */
			return;
		}
		output_publish_stage(tcp);
		staged = true; /* the line goes on where the stage ended: no "resumed" */
	}
	if (!staged && !opts.output_separately && printing_tcp && printing_tcp != tcp &&
	    printing_tcp->curcol)
		output_unfinished(printing_tcp);
	if (!staged && !opts.output_separately && printing_tcp != tcp) {
		printleader(tcp);
		sb_printf(&tcp->sb, "<... %s resumed>", tcp->dc.se->name);
	}
	if (!(tcp->func_rval & RVAL_DECODED))
		sb_puts(&tcp->sb, " <unfinished ...>");
	printing_tcp = tcp;
	sb_puts(&tcp->sb, ") ");
	tabto(tcp);
	sb_puts(&tcp->sb, "= ?\n");
	tcb_emit(tcp);
	line_ended(tcp);
	tcp->flags &= ~TCB_INSYSCALL;
	if (event_sinks_active()) {
		struct event ev;
		syscall_event(tcp, &ev, &tcp->evargs, NULL, 0, NULL);
		publish_unfinished(&ev);
		sb_reset(&tcp->evargs);
	}
}

void syscall_exit(struct tcb *tcp, int64_t rval, bool is_error)
{
	bool first_exec = tcp->flags & TCB_CHECK_EXEC;

	exit_print(tcp, rval, is_error);
	/* A spawned child whose first execve failed is printed no further (sttrace's message
	 * and its exit_group are ours, not the program's), as strace's: hidden again. */
	if (first_exec && is_error)
		tcp->flags |= TCB_HIDE_LOG;
}
