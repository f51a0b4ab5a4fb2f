#warning redirecting incorrect #include <sys/termios.h> to <termios.h>
#include <termios.h>
