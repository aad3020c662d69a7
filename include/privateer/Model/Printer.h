//===- Printer.h - Text form of the model -----------------------*- C++ -*-===//
//
// Part of privateer. A readable dump of a region's model, for debugging a
// front end (`-fplugin-arg-privateer-dump-model`) and for tests.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_MODEL_PRINTER_H
#define PRIVATEER_MODEL_PRINTER_H

#include "privateer/Model/Region.h"

#include <string>

namespace privateer {

std::string dump(const ParallelRegion &R);

} // namespace privateer

#endif // PRIVATEER_MODEL_PRINTER_H
