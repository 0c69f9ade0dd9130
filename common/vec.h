/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Arrays that grow by doubling: VEC_GROW(arr, cap, n, first) makes room in ARR (CAP elements
 * allocated, a size_t) for element N; the first allocation holds FIRST.  0, or -ENOMEM with
 * ARR and CAP as they were.
 */
#pragma once
#include <stddef.h>

/* Room in the array *ARRP points to (elements of SIZE, *CAP of them) for NEED elements. */
int vec_reserve(void *arrp, size_t *cap, size_t need, size_t size, size_t first);

#define VEC_GROW(arr, cap, n, first)                                                          \
	((size_t)(n) < (cap) ? 0 /* the common case stays inline */                           \
			     : vec_reserve(&(arr), &(cap), (size_t)(n) + 1, sizeof(*(arr)), (first)))
