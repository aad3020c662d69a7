//===- ResultCache.h - Units that need no second analysis -------*- C++ -*-===//
//
// Part of privateer. CI analyses the same code base again and again, and
// most units have not changed since the last run: --cache-dir keeps each
// unit's result under a key of everything the analysis reads, and a unit
// whose key is known is not analysed again. The key hashes the contents
// (and paths) of every file the preprocessor reads for the unit, which is
// its preprocessed text together with the comments that NOLINT lives in,
// the compile command, privateer's options and source root, and
// privateer's own build (its version, the LLVM it uses, and its
// executable, so that a rebuilt privateer never trusts an older one's
// results).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_RESULTCACHE_H
#define PRIVATEER_TOOLS_RESULTCACHE_H

#include "Unit.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>

namespace privateer {
namespace cli {

class ResultCache {
public:
  /// Opens (creating it if needed) the cache in \p Dir; \p Salt is what
  /// every key of this run shares (options, source root).
  static llvm::Expected<std::unique_ptr<ResultCache>> open(llvm::StringRef Dir,
                                                           std::string Salt);

  /// The key of \p File's unit: preprocesses it. None when it does not
  /// preprocess (it is analysed, and its failure reported, as usual).
  std::optional<std::string>
  keyFor(const clang::tooling::CompilationDatabase &DB, llvm::StringRef File);

  /// The unit stored under \p Key, if any (a damaged entry is none).
  std::optional<UnitData> load(llvm::StringRef Key);
  /// Stores \p Data under \p Key (atomically: parallel runs may share the
  /// directory). A cache that cannot be written only costs time.
  void store(llvm::StringRef Key, const UnitData &Data);

private:
  ResultCache(std::string Dir, std::string Salt)
      : Dir(std::move(Dir)), Salt(std::move(Salt)) {}
  std::string pathOf(llvm::StringRef Key) const;

  std::string Dir, Salt;
};

} // namespace cli
} // namespace privateer

#endif // PRIVATEER_TOOLS_RESULTCACHE_H
