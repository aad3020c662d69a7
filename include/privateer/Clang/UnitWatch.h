//===- UnitWatch.h - What a unit's compile hides from the engine -*- C++
//-*-===//
//
// Part of privateer. Some code is dropped by the compile before the engine
// sees it: `#pragma omp` without -fopenmp. A front end installs a UnitWatch
// on the preprocessor before the unit is parsed and, after the analysis,
// says its notice once (a note; a remark in clang-tidy), so that a unit
// without findings is not taken for a unit that was checked.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_UNITWATCH_H
#define PRIVATEER_CLANG_UNITWATCH_H

#include "privateer/Clang/ProgrammingModel.h"

#include <memory>
#include <optional>
#include <vector>

namespace clang {
class LangOptions;
class Preprocessor;
} // namespace clang

namespace privateer {
namespace clangfe {

class UnitWatch {
public:
  /// Watches \p PP for the ignored code of every programming model.
  UnitWatch(clang::Preprocessor &PP, const clang::LangOptions &LO);
  ~UnitWatch();

  /// What to say about the unit, if anything: the first ignored code.
  std::optional<IgnoredCode> notice() const;

private:
  std::vector<std::unique_ptr<IgnoredCodeWatch>> Watches;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_UNITWATCH_H
