/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * -e inject=SET[:error=ERRNO|:retval=N][:signal=SIG][:syscall=PURE][:delay_enter=D]
 * [:delay_exit=D][:poke_enter=@argN=HEX,...][:poke_exit=...][:when=EXPR] (--inject= too) and
 * -e fault=SET[:error=ERRNO][:when=EXPR], as strace: the rules, and which call of which thread
 * they hit.  tamper.c does the tampering for the ptrace engine (the syscall number set to -1,
 * or to the pure syscall, at entry so the kernel skips the call, the result written at exit,
 * memory poked, the thread held).
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tcb;

/* poke_enter=/poke_exit=: bytes written where argument ARG (1-based) points. */
struct inject_poke {
	bool at_enter;
	uint8_t arg;
	uint16_t len;
	uint8_t *data;
};

struct inject_rule {
	bool set;           /* a rule exists for this syscall */
	bool has_error, has_retval;
	int error;          /* errno to return */
	int64_t retval;     /* value to return */
	int signo;          /* signal to deliver, 0 for none */
	long subst;         /* syscall=: the pure syscall run instead, -1 for none */
	bool has_delay_enter, has_delay_exit;
	uint64_t delay_enter_ns, delay_exit_ns;
	bool has_poke_enter, has_poke_exit;
	struct inject_poke *pokes; /* shared by every thread's copy of the rule */
	unsigned int npokes;
	uint16_t first, last, step; /* when=FIRST..LAST+STEP; last 0xffff: no end */
};

/* A duration, NUMBER[s|ms|us|ns] (microseconds without a unit), in nanoseconds; -EINVAL. */
int parse_duration_ns(const char *s, uint64_t *ns);
/*
 * Parse one -e inject= (FAULT false) or -e fault= (FAULT true) value into RULE and the set of
 * syscalls it applies to, touching nothing else: 0, or -EINVAL with ERR saying why.
 */
struct numset;
int inject_parse_rule(const char *spec, bool fault, struct inject_rule *rule, struct numset *set,
		      char *err, size_t errlen);
/* The same, and the rule replaces the rules of those syscalls; 0, -EINVAL or -ENOMEM. */
int inject_parse(const char *spec, bool fault, char *err, size_t errlen);
/* Whether any rule exists. */
bool inject_enabled(void);
/* The rule of syscall SCNO as given (no thread's count), or NULL. */
const struct inject_rule *inject_rule_get(long scno);
/*
 * Write LEN bytes of DATA at ADDR in thread PID as strace's upoken (tamper.c):
 * process_vm_writev, else, when the thread is in a ptrace stop (PTRACED), PTRACE_POKEDATA word
 * by word; a write cut short by unmapped memory is reported ("short write (N < LEN)").  Returns
 * the bytes written: a poke counts when any were.
 */
size_t inject_poke_write(int pid, uint64_t addr, const void *data, size_t len, bool ptraced);
/* The rule that fires on this call of SCNO in TCP (counting the call), or NULL. */
const struct inject_rule *inject_check(struct tcb *tcp, long scno);
