// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -D's process layout (common/spawn.c, proc_spawn_daemon) and the backend table lookup
 * (common/backend.c).  A test child C calls proc_spawn_daemon: C itself must become the
 * program (keeping its pid, and this test as its parent, which waits for it), and the call must
 * return in a grandchild T that leads its own process group with level 2, its own session with
 * level 3.  T reports what it sees through a pipe, then releases the program (it execs: its exit
 * status is the program's) or gives up (the hold's exit code); an exec that fails gives the exec
 * code.  Exit 0 when every case holds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/backend.h"
#include "common/spawn.h"

static int bad;

struct report {
	pid_t program, tracer, pgid, sid;
	int rc;
};

/* One case: PATH run with -D LEVEL, released (GO) or not; the program's wait status. */
static int one(const char *what, const char *path, int level, int go, struct report *r)
{
	char *argv[] = { (char *)"sh", (char *)"-c", (char *)"exit 7", NULL };
	struct proc_spawn sp = { .exec_fail_code = 3, .hold_fail_code = 5 };
	struct proc_child child;
	int pfd[2], status = -1;

	if (pipe(pfd) < 0)
		return -1;
	pid_t c = fork();
	if (c == 0) {
		close(pfd[0]);
		r->rc = proc_spawn_daemon(path, argv, &sp, level, &child);
		/* Here in the tracer only. */
		r->program = child.pid;
		r->tracer = getpid();
		r->pgid = getpgid(0);
		r->sid = getsid(0);
		if (write(pfd[1], r, sizeof(*r)) != sizeof(*r))
			_exit(1);
		proc_release(&child, go);
		_exit(0);
	}
	close(pfd[1]);
	memset(r, 0, sizeof(*r));
	if (read(pfd[0], r, sizeof(*r)) != sizeof(*r)) {
		printf("FAIL: %s: no report from the tracer\n", what);
		bad++;
	}
	close(pfd[0]);
	if (waitpid(c, &status, 0) != c) {
		printf("FAIL: %s: the program is not this test's child\n", what);
		bad++;
	}
	if (r->rc != 0 || r->program != c || r->tracer == c) {
		printf("FAIL: %s: rc %d, program %d (want %d), tracer %d\n", what, r->rc,
		       (int)r->program, (int)c, (int)r->tracer);
		bad++;
	}
	return status;
}

static void expect_exit(const char *what, int status, int code)
{
	if (!WIFEXITED(status) || WEXITSTATUS(status) != code) {
		printf("FAIL: %s: wait status %#x, want exit %d\n", what, status, code);
		bad++;
	}
}

static int nop_init(const struct backend_cfg *cfg) { return cfg ? 0 : -1; }

int main(void)
{
	struct report r;

	expect_exit("released", one("released", "/bin/sh", 1, 1, &r), 7);
	if (r.pgid == r.tracer || r.sid == r.tracer) {
		printf("FAIL: -D: the tracer leads a group or session\n");
		bad++;
	}
	expect_exit("given up", one("given up", "/bin/sh", 1, 0, &r), 5);
	expect_exit("exec fails", one("exec fails", "/nonexistent/x", 1, 1, &r), 3);
	one("-DD", "/bin/sh", 2, 1, &r);
	if (r.pgid != r.tracer || r.sid == r.tracer) {
		printf("FAIL: -DD: pgid %d sid %d, tracer %d\n", (int)r.pgid, (int)r.sid, (int)r.tracer);
		bad++;
	}
	one("-DDD", "/bin/sh", 3, 1, &r);
	if (r.sid != r.tracer) {
		printf("FAIL: -DDD: sid %d, tracer %d\n", (int)r.sid, (int)r.tracer);
		bad++;
	}

	const struct backend a = { .name = "ptrace", .init = nop_init };
	const struct backend b = { .name = "bpf", .init = nop_init };
	const struct backend *const table[] = { &a, &b, NULL };
	if (backend_find(table, "ptrace") != &a || backend_find(table, "bpf") != &b ||
	    backend_find(table, "bp") || backend_find(table, "")) {
		printf("FAIL: backend_find\n");
		bad++;
	}
	return bad ? 1 : 0;
}
