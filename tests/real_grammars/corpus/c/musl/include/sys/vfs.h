#include <sys/statfs.h>
