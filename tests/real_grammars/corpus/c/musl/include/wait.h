#warning redirecting incorrect #include <wait.h> to <sys/wait.h>
#include <sys/wait.h>
