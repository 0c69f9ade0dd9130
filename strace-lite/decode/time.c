// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Time structures (timespec, timeval, itimerval, rusage, sigevent, timex), time(),
 * adjtimex/clock_adjtime and the sleeping syscalls.
 *
 * nanosleep and clock_nanosleep print their "remaining time" argument only when the call was
 * interrupted (ERESTART*): on success or any other error the kernel does not write it, and
 * printing it would show whatever the caller left there.
 */
#include <inttypes.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/timex.h>
#include <time.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/struct-printers.h"
#include "strace-lite/decode/util-print.h"
#include "gen/xlat.h"

#define ERESTARTSYS 512
#define ERESTARTNOINTR 513
#define ERESTARTNOHAND 514
#define ERESTART_RESTARTBLOCK 516

static bool is_erestart(const struct dctx *c)
{
	switch (c->err) {
	case ERESTARTSYS:
	case ERESTARTNOINTR:
	case ERESTARTNOHAND:
	case ERESTART_RESTARTBLOCK:
		return true;
	default:
		return false;
	}
}

static void print_timespec_val(struct dctx *c, const struct timespec *t)
{
	tprintf(c, "{tv_sec=%lld, tv_nsec=%llu}", (long long)t->tv_sec,
		(unsigned long long)t->tv_nsec);
}

void print_struct_timespec(struct dctx *c, uint64_t addr)
{
	struct timespec t;

	if (!umove_or_printaddr(c, addr, &t))
		print_timespec_val(c, &t);
}

static void print_timeval_val(struct dctx *c, const struct timeval *t)
{
	tprintf(c, "{tv_sec=%lld, tv_usec=%llu}", (long long)t->tv_sec,
		(unsigned long long)t->tv_usec);
}

void print_struct_timeval(struct dctx *c, uint64_t addr)
{
	struct timeval t;

	if (!umove_or_printaddr(c, addr, &t))
		print_timeval_val(c, &t);
}

void print_struct_rusage(struct dctx *c, uint64_t addr)
{
	struct rusage ru;

	if (umove_or_printaddr(c, addr, &ru))
		return;
	tprints(c, "{ru_utime=");
	print_timeval_val(c, &ru.ru_utime);
	tprints(c, ", ru_stime=");
	print_timeval_val(c, &ru.ru_stime);
	if (!dopts.verbose) {
		tprints(c, ", ...}");
		return;
	}
	tprintf(c, ", ru_maxrss=%lu, ru_ixrss=%lu, ru_idrss=%lu, ru_isrss=%lu, ru_minflt=%lu"
		   ", ru_majflt=%lu, ru_nswap=%lu, ru_inblock=%lu, ru_oublock=%lu"
		   ", ru_msgsnd=%lu, ru_msgrcv=%lu, ru_nsignals=%lu, ru_nvcsw=%lu, ru_nivcsw=%lu}",
		(unsigned long)ru.ru_maxrss, (unsigned long)ru.ru_ixrss,
		(unsigned long)ru.ru_idrss, (unsigned long)ru.ru_isrss,
		(unsigned long)ru.ru_minflt, (unsigned long)ru.ru_majflt,
		(unsigned long)ru.ru_nswap, (unsigned long)ru.ru_inblock,
		(unsigned long)ru.ru_oublock, (unsigned long)ru.ru_msgsnd,
		(unsigned long)ru.ru_msgrcv, (unsigned long)ru.ru_nsignals,
		(unsigned long)ru.ru_nvcsw, (unsigned long)ru.ru_nivcsw);
}

/* The remaining-time argument: the struct when interrupted, else its address. */
static void print_remaining(struct dctx *c, uint64_t addr, bool meaningful)
{
	if (meaningful && is_erestart(c)) {
		/* The call failed, but the kernel did write the struct: read it anyway. */
		struct timespec t;
		if (!umoven_or_printaddr_ignore_syserror(c, addr, sizeof(t), &t))
			print_timespec_val(c, &t);
	} else {
		printaddr(c, addr);
	}
}

SYS_FUNC(nanosleep)
{
	if (entering(c)) {
		print_struct_timespec(c, c->arg[0]);
		return 0;
	}
	/* strace 7.2 prints the separator on exit: "<unfinished ...>" follows the request. */
	tprint_arg_next(c);
	print_remaining(c, c->arg[1], true);
	return 0;
}

SYS_FUNC(clock_nanosleep)
{
	if (entering(c)) {
		printxval(c, xlat_clocknames, (uint64_t)(int64_t)(int)c->arg[0], "CLOCK_???");
		tprint_arg_next(c);
		printflags(c, xlat_clockflags, (unsigned int)c->arg[1], "TIMER_???");
		tprint_arg_next(c);
		print_struct_timespec(c, c->arg[2]);
		return 0;
	}
	tprint_arg_next(c);
	/* With TIMER_ABSTIME (or any flag) the kernel never writes it. */
	print_remaining(c, c->arg[3], !c->arg[1]);
	return 0;
}

/* setitimer/getitimer: {it_interval={...}, it_value={...}}. */
void print_struct_itimerval(struct dctx *c, uint64_t addr)
{
	struct timeval t[2];

	if (umove_or_printaddr(c, addr, &t))
		return;
	tprints(c, "{it_interval=");
	print_timeval_val(c, &t[0]);
	tprints(c, ", it_value=");
	print_timeval_val(c, &t[1]);
	tprints(c, "}");
}

/* time: the result and what it stores are seconds, shown with their date. */
SYS_FUNC(time)
{
	int64_t t;
	const char *s;

	if (entering(c))
		return 0;
	if (c->arg[0] && !syserror(c) && !umove(c, c->arg[0], &t)) {
		tprintf(c, "[%lld", (long long)t);
		s = sprint_date(t, 0, 0);
		if (s)
			print_comment(c->sb, s);
		tprints(c, "]");
	} else {
		printaddr(c, c->arg[0]);
	}
	if (syserror(c))
		return 0;
	c->auxstr = sprint_date(c->rval, 0, 0);
	return c->auxstr ? RVAL_STR : 0;
}

/* timer_create's struct sigevent (x86_64 layout). */
struct k_sigevent {
	union {
		int sival_int;
		uint64_t sival_ptr;
	} value;
	int signo;
	int notify;
	union {
		int tid;
		struct {
			uint64_t function;
			uint64_t attribute;
		} thread;
	} un; /* what is read: the fields printed, as strace (a sigevent at a page's end decodes) */
};

void print_struct_sigevent(struct dctx *c, uint64_t addr)
{
	struct k_sigevent sev;

	if (umove_or_printaddr(c, addr, &sev))
		return;
	tprints(c, "{");
	if (sev.value.sival_ptr) {
		tprintf(c, "sigev_value={sival_int=%d, sival_ptr=", sev.value.sival_int);
		printaddr(c, sev.value.sival_ptr);
		tprints(c, "}, ");
	}
	tprints(c, "sigev_signo=");
	switch (sev.notify) {
	case SIGEV_SIGNAL:
	case SIGEV_THREAD:
	case SIGEV_THREAD_ID:
		print_signame(c, sev.signo);
		break;
	default:
		tprintf(c, "%u", (unsigned int)sev.signo);
	}
	tprints(c, ", sigev_notify=");
	printxval(c, xlat_sigev_value, (unsigned int)sev.notify, "SIGEV_???");
	if (sev.notify == SIGEV_THREAD_ID) {
		tprintf(c, ", sigev_notify_thread_id=%d", sev.un.tid);
	} else if (sev.notify == SIGEV_THREAD) {
		tprints(c, ", sigev_notify_function=");
		printaddr(c, sev.un.thread.function);
		tprints(c, ", sigev_notify_attributes=");
		printaddr(c, sev.un.thread.attribute);
	}
	tprints(c, "}");
}

/* adjtimex/clock_adjtime's struct timex, printed at exit; the clock state after the result. */
static int print_timex_rval(struct dctx *c, uint64_t addr)
{
	struct timex tx;

	if (umove_or_printaddr(c, addr, &tx))
		return 0;
	tprints(c, "{modes=");
	printflags(c, xlat_adjtimex_modes, tx.modes, "ADJ_???");
	tprintf(c, ", offset=%ld, freq=%ld, maxerror=%ld, esterror=%ld, status=", tx.offset,
		tx.freq, tx.maxerror, tx.esterror);
	printflags(c, xlat_adjtimex_status, (unsigned int)tx.status, "STA_???");
	tprintf(c, ", constant=%ld, precision=%ld, tolerance=%ld, time=", tx.constant,
		tx.precision, tx.tolerance);
	print_timeval_val(c, &tx.time);
	tprintf(c, ", tick=%ld, ppsfreq=%ld, jitter=%ld, shift=%d, stabil=%ld, jitcnt=%ld, "
		"calcnt=%ld, errcnt=%ld, stbcnt=%ld, tai=%d}", tx.tick, tx.ppsfreq, tx.jitter,
		tx.shift, tx.stabil, tx.jitcnt, tx.calcnt, tx.errcnt, tx.stbcnt, tx.tai);
	c->auxstr = xlat_lookup(xlat_adjtimex_state, (uint64_t)c->rval);
	return c->auxstr ? RVAL_STR : 0;
}

SYS_FUNC(adjtimex)
{
	return entering(c) ? 0 : print_timex_rval(c, c->arg[0]);
}

SYS_FUNC(clock_adjtime)
{
	if (entering(c)) {
		printxval(c, xlat_clocknames, (unsigned int)c->arg[0], "CLOCK_???");
		tprint_arg_next(c);
		return 0;
	}
	return print_timex_rval(c, c->arg[1]);
}
