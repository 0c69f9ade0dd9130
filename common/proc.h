/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Process plumbing shared by the ptrace tools: finding a program on PATH, reading tracee memory,
 * listing a process's threads.  Library code: returns -errno, never prints.
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Resolve PROG as execvp would (PATH search unless it has a '/'); 0 or -errno. */
int proc_find_program(const char *prog, char *out, size_t outlen);
/* The same with SEARCH for $PATH (NULL: the default search path). */
int proc_find_program_in(const char *prog, const char *search, char *out, size_t outlen);
/*
 * Read LEN bytes at ADDR from PID: process_vm_readv, falling back to /proc/PID/mem for pages
 * the first cannot read (PROT_NONE, or a kernel without it).  0 or -errno; never partial.
 */
int proc_mem_read(pid_t pid, uint64_t addr, void *buf, size_t len);
/*
 * Read LEN bytes at ADDR from PID as the program itself could (what strace's umoven reads):
 * process_vm_readv only, /proc/PID/mem where the kernel lacks it.  A PROT_NONE or unmapped
 * byte anywhere in the range fails the read with -EFAULT.  0 or -errno; never partial.
 */
int proc_vm_read(pid_t pid, uint64_t addr, void *buf, size_t len);
/*
 * proc_vm_read through a two-chunk cache (4 KiB each, aligned): what a decoder reads of a stopped
 * tracee.  The cache holds memory as it was; the tracer calls proc_vm_cache_drop() whenever a
 * tracee may have run or its memory was written.
 */
int proc_vm_read_cached(pid_t pid, uint64_t addr, void *buf, size_t len);
void proc_vm_cache_drop(void);
/* Thread ids of process PID (from /proc/PID/task) into a malloc'd array; count or -errno. */
int proc_list_threads(pid_t pid, pid_t **tids);
/* Thread TID (of any process) still exists (a zombie leader counts). */
bool proc_thread_exists(pid_t tid);
/* The number /proc knows our thread PID by: PID, unless /proc is another pid namespace's (we
 * run in a new one with the outer /proc); PID too when it cannot be found. */
pid_t proc_pid(pid_t pid);
/* Our pid namespace's depth below /proc's (0: /proc is ours). */
int proc_ns_depth(void);
/* The ids of the "KEY:\tA\tB..." line of status file PATH (NSpid...), at most MAX: how many,
 * or -1. */
int proc_status_ids(const char *path, const char *key, int *ids, int max);
/* The inode of the pid namespace of /proc directory DIR's task, UP levels above its own (0:
 * not known). */
ino_t proc_pidns_of(const char *dir, int up);
/* The signal that stopped thread TID (group-stop, "T" in /proc/TID/stat), 0 when it is not
 * stopped, or -errno. */
int proc_stop_signal(pid_t tid);
/* A numeric field of /proc/PID/status ("Tgid", "PPid"), or -1 when it cannot be read. */
long proc_status_field(pid_t pid, const char *key);
/* PID's command name (/proc/PID/comm without its newline) into BUF: its length, or -errno with
 * BUF empty. */
int proc_comm(pid_t pid, char *buf, size_t len);
/* The program's path (/proc/PID/exe) into BUF: its length, or -errno with BUF empty. */
int proc_exe(pid_t pid, char *buf, size_t len);
/* The program's entry point (AT_ENTRY of /proc/PID/auxv), 0 when it cannot be read. */
uint64_t proc_entry_point(pid_t pid);

/*
 * --cgroup: PATH as a cgroup v2 directory (absolute, or under the cgroup2 mount) into DIR, and
 * its id (the one bpf_get_current_cgroup_id gives: the directory's inode); 0 or -errno
 * (-ENOTDIR: not a cgroup v2 directory).
 */
int proc_cgroup_resolve(const char *path, char *dir, size_t len, uint64_t *id);
/* The processes of cgroup DIR (its cgroup.procs), malloc'd into *PIDS: their number or -errno. */
int proc_cgroup_pids(const char *dir, pid_t **pids);
/* Whether cgroup DIR or one below it has a process (cgroup.events: populated 1). */
bool proc_cgroup_populated(const char *dir);
