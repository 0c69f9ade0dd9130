/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Signals as strace prints them: numbers, masks, siginfo_t and wait statuses.  The engine uses
 * print_siginfo() for "--- SIGCHLD {...} ---" lines and print_wait_status() wherever a status
 * is shown; the signal decoders (signal.c) and wait4/waitid (process.c) use the rest.
 */
#pragma once
#include <signal.h>
#include <stdint.h>

struct dctx;

/* siginfo_t fields as strace shows them; the caller prints "--- NAME " and " ---" around it. */
void print_siginfo(struct dctx *c, const siginfo_t *si);
/* A siginfo_t in tracee memory (NULL, the address, or the struct). */
void print_siginfo_at(struct dctx *c, uint64_t addr);
/* "[{WIFEXITED(s) && WEXITSTATUS(s) == 0}]" and the signaled/stopped/continued forms. */
void print_wait_status(struct dctx *c, int status);

/* A signal number as strace's printsignal(): SIGINT, 2 with -X raw, "2 /\* SIGINT *\/" verbose. */
/* A signal mask of BYTES bytes (at most 8 are looked at): [INT TERM], ~[RTMIN RT_1], []. */
void print_sigmask(struct dctx *c, const void *mask, unsigned int bytes);
/* A sigset in tracee memory, LEN bytes long; the address when LEN is not a sane sigset size. */
void print_sigset_addr_len(struct dctx *c, uint64_t addr, uint64_t len);
/* pselect6's and io_pgetevents' last argument: {sigmask=[...], sigsetsize=N} at ADDR. */
void print_sigmask_pair(struct dctx *c, uint64_t addr);
