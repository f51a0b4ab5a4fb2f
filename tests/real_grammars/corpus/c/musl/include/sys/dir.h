#include <dirent.h>
#define direct dirent
