// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Pids as --decode-pids= prints them: "1234" alone, "1234<comm>" with comm for a thread or a
 * process (never for a process group or a session, as strace 6.1).  The command name is read
 * from /proc when the line is built, under either backend: a process already reaped has none,
 * and its pid prints bare (wait4's result, as strace shows it).
 */
#include <stdio.h>
#include <string.h>

#include "decode.h"
#include "proc.h"

void print_comm_str(struct strbuf *sb, const char *comm)
{
	if (!comm || !*comm)
		return;
	sb_putc(sb, '<');
	quote_string_ex(sb, comm, strlen(comm), QUOTE_OMIT_QUOTES, "<>");
	sb_putc(sb, '>');
}

int (*pid_comm_hook)(pid_t pid, char *buf, size_t len) = proc_comm;

void printpid(struct dctx *c, int pid, enum pid_type type)
{
	char comm[64];

	tprintf(c, "%d", pid);
	if (!(dopts.decode_pids & DECODE_PID_COMM) || (type != PT_TID && type != PT_TGID))
		return;
	if (pid > 0 && pid_comm_hook(pid, comm, sizeof(comm)) > 0)
		print_comm_str(c->sb, comm);
}

void printpid_tgid_pgid(struct dctx *c, int pid)
{
	if (pid > 0)
		printpid(c, pid, PT_TGID);
	else if (pid < -1)
		printpid(c, pid, PT_PGID);
	else
		tprintf(c, "%d", pid);
}
