#include <bits/vt.h>
