#include <ucontext.h>
