/* Memcheck's client requests, from valgrind's own header, for the constant-time check.
 * Outside valgrind each request is a few no-op instructions. */
#include <stddef.h>
#include <valgrind/memcheck.h>

/* Mark len bytes at p as secret: memcheck reports any branch or address computed from them. */
void montvec_ctcheck_secret(const void *p, size_t len) { VALGRIND_MAKE_MEM_UNDEFINED(p, len); }

/* Mark len bytes at p as public again (a result that is released). */
void montvec_ctcheck_public(const void *p, size_t len) { VALGRIND_MAKE_MEM_DEFINED(p, len); }

/* Set memcheck's validity bits of len bytes at p bit by bit (a 1 bit in vbits: undefined). */
void montvec_ctcheck_set_vbits(const void *p, const unsigned char *vbits, size_t len) {
  (void)VALGRIND_SET_VBITS(p, vbits, len);
}

/* Non-zero when the program runs under valgrind. */
int montvec_ctcheck_under_valgrind(void) { return RUNNING_ON_VALGRIND; }

/* The number of errors memcheck has reported so far. */
unsigned montvec_ctcheck_errors(void) { return VALGRIND_COUNT_ERRORS; }
