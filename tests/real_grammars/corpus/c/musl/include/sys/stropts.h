#include <stropts.h>
