#define FACTOR scale
