//===- UnitWatch.cpp - What a unit's compile hides from the engine --------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/UnitWatch.h"

using namespace clang;

namespace privateer {
namespace clangfe {

UnitWatch::UnitWatch(Preprocessor &PP, const LangOptions &LO) {
  // TBB needs no flag: only OpenMP's code can be dropped by the compile.
  if (auto W = watchIgnoredOpenMP(PP, LO))
    Watches.push_back(std::move(W));
}

UnitWatch::~UnitWatch() = default;

std::optional<IgnoredCode> UnitWatch::notice() const {
  for (const auto &W : Watches)
    if (std::optional<IgnoredCode> First = W->first())
      return First;
  return std::nullopt;
}

} // namespace clangfe
} // namespace privateer
