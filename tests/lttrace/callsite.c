// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A self-describing lttrace --bpf test of the call-site probes (tests/sh/lttrace/
 * lttrace-callsite.sh): the program prints the lines lttrace -e atoi+alarm+sched_yield+abs+
 * labs+getpagesize must write, then makes the calls, from functions written in assembly so
 * that the code after each call is known:
 *  - atoi (a string at entry; `test; js` after the call), alarm (`jmp` after it; a second
 *    call's return site is also reached by a jump that skips the call: that hit shows
 *    nothing) and sched_yield (three calls from one site in a loop: `test; jnz`) may be
 *    probed at their calls;
 *  - abs is also reached by a tail jump (`jmp abs@PLT`), labs through a pointer the program
 *    keeps (its address taken: a GOT relocation), and getpagesize's return site is a `mov`,
 *    which the kernel single-steps: those three keep their entry probes.
 * The same lines either way, and the same without call-site probes (LTTRACE_BPF_CALLSITES=0).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int cs_atoi(const char *s);
unsigned cs_alarm(unsigned s);
void cs_alarm_or_not(int skip);
void cs_yield(int n);
int cs_abs(int v);
int cs_abs_tail(int v);
long cs_labs(long v);
int cs_pagesize(void);

__asm__(".text\n"
	".globl cs_atoi\n.type cs_atoi,@function\ncs_atoi:\n"
	"	push %rbx\n	call atoi@PLT\n	test %eax,%eax\n	js 1f\n	pop %rbx\n	ret\n"
	"1:	mov $-1,%eax\n	pop %rbx\n	ret\n.size cs_atoi,.-cs_atoi\n"
	".globl cs_alarm\n.type cs_alarm,@function\ncs_alarm:\n"
	"	push %rbx\n	call alarm@PLT\n	jmp 1f\n1:	pop %rbx\n	ret\n"
	".size cs_alarm,.-cs_alarm\n"
	".globl cs_alarm_or_not\n.type cs_alarm_or_not,@function\ncs_alarm_or_not:\n"
	"	push %rbx\n	mov %edi,%ebx\n	xor %edi,%edi\n	test %ebx,%ebx\n	jnz 2f\n"
	"	call alarm@PLT\n2:	jmp 1f\n1:	pop %rbx\n	ret\n"
	".size cs_alarm_or_not,.-cs_alarm_or_not\n"
	".globl cs_yield\n.type cs_yield,@function\ncs_yield:\n"
	"	push %rbx\n	mov %edi,%ebx\n1:	sub $1,%ebx\n	call sched_yield@PLT\n"
	"	test %ebx,%ebx\n	jnz 1b\n	pop %rbx\n	ret\n.size cs_yield,.-cs_yield\n"
	".globl cs_abs\n.type cs_abs,@function\ncs_abs:\n"
	"	push %rbx\n	call abs@PLT\n	test %eax,%eax\n	jns 1f\n	neg %eax\n"
	"1:	pop %rbx\n	ret\n.size cs_abs,.-cs_abs\n"
	".globl cs_abs_tail\n.type cs_abs_tail,@function\ncs_abs_tail:\n"
	"	jmp abs@PLT\n.size cs_abs_tail,.-cs_abs_tail\n"
	".globl cs_labs\n.type cs_labs,@function\ncs_labs:\n"
	"	push %rbx\n	call labs@PLT\n	jmp 1f\n1:	pop %rbx\n	ret\n"
	".size cs_labs,.-cs_labs\n"
	".globl cs_pagesize\n.type cs_pagesize,@function\ncs_pagesize:\n"
	"	push %rbx\n	call getpagesize@PLT\n	mov %eax,%ebx\n	mov %ebx,%eax\n"
	"	pop %rbx\n	ret\n.size cs_pagesize,.-cs_pagesize\n");

static long (*volatile labs_p)(long) = labs;

static const char *me;

static void say(const char *line)
{
	printf("%s->%s\n", me, line);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	int bad = 0;
	long page = sysconf(_SC_PAGESIZE);

	me = argc && strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	say("atoi(\"12\") = 12");
	bad |= cs_atoi("12") != 12;
	say("alarm(0) = 0");
	bad |= cs_alarm(0) != 0;
	cs_alarm_or_not(1);
	say("alarm(0) = 0");
	cs_alarm_or_not(0);
	cs_alarm_or_not(1);
	for (int i = 0; i < 3; i++)
		say("sched_yield() = 0");
	cs_yield(3);
	say("abs(-5) = 5");
	bad |= cs_abs(-5) != 5;
	say("abs(-6) = 6");
	bad |= cs_abs_tail(-6) != 6;
	say("labs(-7) = 7");
	bad |= cs_labs(-7) != 7;
	say("labs(-8) = 8");
	bad |= labs_p(-8) != 8;
	printf("%s->getpagesize() = %ld\n", me, page);
	fflush(stdout);
	bad |= cs_pagesize() != page;
	return bad;
}
