// SPDX-License-Identifier: LGPL-2.1-or-later
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/vec.h"

int vec_reserve(void *arrp, size_t *cap, size_t need, size_t size, size_t first)
{
	size_t ncap = *cap ? *cap : first ? first : 1;
	void *old, *p;

	if (need <= *cap)
		return 0;
	while (ncap < need) {
		if (ncap > SIZE_MAX / 2 / size)
			return -ENOMEM;
		ncap *= 2;
	}
	if (ncap > SIZE_MAX / size)
		return -ENOMEM;
	memcpy(&old, arrp, sizeof(old)); /* ARRP points to a T *, whatever T */
	if (!(p = realloc(old, ncap * size)))
		return -ENOMEM;
	memcpy(arrp, &p, sizeof(p));
	*cap = ncap;
	return 0;
}
