/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * -e inject=SET:error=ERRNO|retval=N[:signal=SIG][:when=EXPR] and -e fault=SET[:error=ERRNO]
 * [:when=EXPR], as strace: the rules, and which call of which thread they hit.  The engine
 * does the tampering (the syscall number set to -1 at entry so the kernel skips the call, the
 * result written at exit).
 */
#pragma once
#include <stdbool.h>
#include <stdint.h>

struct tcb;

struct inject_rule {
	bool set;           /* a rule exists for this syscall */
	bool has_error, has_retval;
	int error;          /* errno to return */
	int64_t retval;     /* value to return */
	int signo;          /* signal to deliver, 0 for none */
	uint16_t first, last, step; /* when=FIRST..LAST+STEP; last 0xffff: no end */
};

/* Parse one -e inject= (FAULT false) or -e fault= (FAULT true) value; 0 or -EINVAL. */
int inject_parse(const char *spec, bool fault, char *err, size_t errlen);
/* Whether any rule exists. */
bool inject_enabled(void);
/* The rule that fires on this call of SCNO in TCP (counting the call), or NULL. */
const struct inject_rule *inject_check(struct tcb *tcp, long scno);
